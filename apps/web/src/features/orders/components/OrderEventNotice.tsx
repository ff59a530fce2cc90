import { Anchor, Box, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ORDER_EVENT_TYPES, type OrderEventType } from '@cusp/shared';
import { useI18n } from '@/lib/use-i18n';
import { translateEventSummary } from '@/lib/event-summary';

/**
 * An order's event in the buyer–designer conversation (a system message): a centred notice with a
 * link to the order, not a chat bubble. Known events are named in the reader's language, with the
 * server's summary (which names the order) under it, said again in the reader's language from its parts
 * (the server stores it in English only); an unknown one shows the summary alone, as sent.
 */
export function OrderEventNotice({ event, summary, when }: { event: { orderId: string; type: string }; summary: string; when: string }) {
  const { t, number } = useI18n();
  const known = (ORDER_EVENT_TYPES as readonly string[]).includes(event.type) ? (event.type as OrderEventType) : null;
  const translated = known ? translateEventSummary(t, number, summary, known) : null;
  const body = translated ?? summary;
  return (
    <Box
      data-testid="order-event"
      role="note"
      style={{
        alignSelf: 'center',
        maxWidth: 'min(90%, 480px)',
        textAlign: 'center',
        padding: '6px 14px',
        borderRadius: 12,
        background: 'var(--mantine-color-ocean-0)',
        border: '1px solid var(--mantine-color-ocean-2)',
      }}
    >
      <Text size="sm" fw={600}>
        <IconReceipt size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
        {known ? t(`orders.events.${known}`) : summary}{' '}
        <Anchor component={Link} to={`/orders/${event.orderId}`} size="sm" fw={600}>
          {t('orders.events.view')}
        </Anchor>
      </Text>
      {known && body ? (
        <Text size="xs" dir={translated ? undefined : 'auto'}>
          {body}
        </Text>
      ) : null}
      <Text size="xs" c="gray.7">
        {when}
      </Text>
    </Box>
  );
}
