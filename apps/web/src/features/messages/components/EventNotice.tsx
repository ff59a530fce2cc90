import { Text } from '@mantine/core';
import type { ChatOrderEvent } from '@cusp/shared';
import { useEventText } from '../lib/event-text';

/** What the chat shows for an order's event, a system message (docs/product.md §5.8). */
export interface EventNoticeProps {
  event: ChatOrderEvent;
  /** The server's English summary: shown only for a kind this app cannot say itself. */
  summary: string;
  /** When it happened, formatted for the reader. */
  when: string;
}

/**
 * The notice the chat shows when it is given none: the event's sentence in the reader's language, centred. The app
 * hands the orders feature's own notice in (app/routes.tsx), since messages sit below orders (ADR 0029).
 */
export function PlainEventNotice({ event, summary }: EventNoticeProps) {
  const text = useEventText()(event);
  return (
    <Text data-testid="order-event" role="note" size="sm" c="dimmed" ta="center" style={{ alignSelf: 'center' }}>
      {text?.body ?? summary}
    </Text>
  );
}
