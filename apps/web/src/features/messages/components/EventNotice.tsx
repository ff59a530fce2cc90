import { Text } from '@mantine/core';

/** What the chat shows for an order's event, a system message (docs/product.md §5.8). */
export interface EventNoticeProps {
  event: { orderId: string; type: string };
  /** The server's summary, which names the order. */
  summary: string;
  /** When it happened, formatted for the reader. */
  when: string;
}

/**
 * The notice the chat shows when it is given none: the server's summary, centred. The app hands the
 * orders feature's own notice in (app/routes.tsx), since messages sit below orders (ADR 0029).
 */
export function PlainEventNotice({ summary }: EventNoticeProps) {
  return (
    <Text data-testid="order-event" role="note" size="sm" c="dimmed" ta="center" style={{ alignSelf: 'center' }}>
      {summary}
    </Text>
  );
}
