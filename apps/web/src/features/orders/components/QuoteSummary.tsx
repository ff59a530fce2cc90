import { Group, Loader, Stack, Text } from '@mantine/core';
import { useI18n } from '@/lib/use-i18n';
import type { OrderQuote } from '@/lib/domain';

interface QuoteSummaryProps {
  quote: OrderQuote | undefined;
  /** Why there is no price yet: the draft needs teeth or corrections (nothing was asked). */
  waiting?: 'units' | 'fixes';
  pending: boolean;
  error?: string;
}

/** The server's price for the order as it stands (POST /api/payments/quote): each line, unit price × quantity = total. */
export function QuoteSummary({ quote, waiting, pending, error }: QuoteSummaryProps) {
  const { t, money, number } = useI18n();
  const stale = pending || !!waiting || !!error;
  return (
    <Stack gap={4} aria-live="polite" aria-busy={pending || undefined} data-testid="order-quote">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('orders.rx.quote')}</Text>
        {pending ? <Loader size="xs" role="status" aria-label={t('orders.rx.quotePending')} /> : null}
      </Group>
      {waiting ? (
        <Text size="sm" c="dimmed">
          {waiting === 'units' ? t('orders.rx.quoteNeedsUnits') : t('orders.rx.quoteNeedsFixes')}
        </Text>
      ) : error ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      ) : null}
      {quote && !waiting ? (
        <Stack gap={2} opacity={stale ? 0.6 : 1}>
          {quote.lineItems.map((item, index) => (
            <Group key={index} justify="space-between" wrap="nowrap" gap="md" align="flex-start">
              <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {/* The tier's line in the reader's language (docs/decisions/0041); the service's title as written. */}
                {item.kind ? t(`orders.rx.line.${item.kind}`, { percent: number(item.percent ?? 0) }) : item.description}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="quote-line">
                {t('orders.rx.quoteLine', {
                  quantity: number(item.quantity),
                  price: money(item.unitPrice, quote.currency),
                  total: money(item.total, quote.currency),
                })}
              </Text>
            </Group>
          ))}
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>{t('orders.form.total')}</Text>
            <Text fw={700} data-testid="order-total">
              {money(quote.total, quote.currency)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('orders.rx.quoteNote')}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
