import { Badge, Stack, Text } from '@mantine/core';
import { formatDate, formatNumber } from '@/lib/format';
import { useI18n } from '@/lib/use-i18n';
import { timeToDue } from '../lib/format';
import type { Order } from '@/lib/domain';

/**
 * An order's due date with the time left, or "Late" in red (docs/product.md §5.2a). The server says whether it is late
 * (`late`); the time left is counted here from `dueAt`. Nothing for an order not yet paid.
 */
export function DueDate({ order, compact = false }: { order: Pick<Order, 'dueAt' | 'late' | 'status'>; compact?: boolean }) {
  const { t, locale } = useI18n();
  if (!order.dueAt) return <Text size="sm" c="dimmed">{t('orders.table.noDue')}</Text>;
  const date = formatDate(order.dueAt, locale, { dateStyle: 'medium', ...(compact ? {} : { timeStyle: 'short' }) });
  const owed = order.status === 'in_progress' || order.status === 'revision_requested';
  const { value, unit } = timeToDue(order.dueAt);
  const span = formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'long' });
  return (
    <Stack gap={2} data-testid="order-due">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {date}
      </Text>
      {order.late ? (
        <Badge color="red.9" variant="filled" size="sm" data-testid="order-late" style={{ alignSelf: 'flex-start' }}>
          {t('orders.table.late')}
        </Badge>
      ) : owed ? (
        <Text size="xs" c="dimmed">
          {t('orders.table.left', { time: span })}
        </Text>
      ) : null}
    </Stack>
  );
}
