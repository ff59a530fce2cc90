import { Anchor, Box, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useEventText, type EventNoticeProps } from '@/features/messages';
import { useI18n } from '@/lib/use-i18n';

/**
 * An order's event in the buyer–designer conversation (a system message): a centred notice with a link to the order,
 * not a chat bubble. Its headline and sentence are said in the reader's language from the event's kind and parameters
 * (docs/decisions/0059); a kind this app does not know yet shows the server's English summary alone.
 */
export function OrderEventNotice({ event, summary, when }: EventNoticeProps) {
  const { t } = useI18n();
  const text = useEventText()(event);
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
        {text?.headline ?? summary}{' '}
        <Anchor component={Link} to={`/orders/${event.orderId}`} size="sm" fw={600}>
          {t('orders.events.view')}
        </Anchor>
      </Text>
      {text ? <Text size="xs">{text.body}</Text> : null}
      <Text size="xs" c="gray.7">
        {when}
      </Text>
    </Box>
  );
}
