import { ORDER_EVENT_TYPES, type ChatOrderEvent, type OrderEventType } from '@cusp/shared';
import { isolate } from '@/lib/isolate';
import { useI18n } from '@/lib/use-i18n';

const isOrderEventType = (type: string): type is OrderEventType => (ORDER_EVENT_TYPES as readonly string[]).includes(type);

/** An order's event in words: its headline ("Design delivered") and its sentence, which names the order. */
export interface EventText {
  headline: string;
  body: string;
}

/**
 * Says an order's event in the reader's language from its kind and parameters (docs/decisions/0059): the server
 * stores no text for it. Null for a kind this app does not know yet (a newer server): the caller shows the server's
 * English summary then. Titles and amounts are isolated so they stay whole in either direction.
 */
export function useEventText(): (event: ChatOrderEvent) => EventText | null {
  const { t, money, number } = useI18n();
  return ({ type, params }) => {
    if (!isOrderEventType(type)) return null;
    return {
      headline: t(`orders.events.${type}`),
      body: t(`orders.events.summary.${type}`, {
        title: isolate(params.title),
        quantity: params.quantity === undefined ? '' : number(params.quantity),
        amount: params.amount === undefined || !params.currency ? '' : isolate(money(params.amount, params.currency)),
        days: params.days === undefined ? '' : number(params.days),
      }),
    };
  };
}
