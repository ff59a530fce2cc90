import { ORDER_EVENT_TYPES, type OrderEventType } from '@cusp/shared';
import type { TFunction } from './i18n';

/** What an order event's summary names: the order's title, and for some events a count or an amount. */
export interface EventSummaryParts {
  title: string;
  quantity?: string;
  amount?: string;
  days?: string;
}

/**
 * The server writes each order event's summary in English only, from the order (EVENT_TEXT in
 * apps/server/src/modules/orders/orders.service.ts), and stores the text with the event's kind. These are
 * those sentences, read back into their parts so the notice can say them in the reader's language
 * (`orders.events.summary.<type>`). A summary that does not read as its kind's sentence is shown as sent.
 * Here in lib/ because both the chat's notice (orders) and the conversation list's preview (messages) say them.
 */
const SENTENCES: Record<OrderEventType, RegExp> = {
  created: /^Order created: (?<title>.+)\.$/su,
  paid: /^New order paid: (?<title>.+) × (?<quantity>\d+) \((?<amount>[^()]+)\)\.$/su,
  delivered: /^The design for (?<title>.+) was delivered\.$/su,
  revision_requested: /^A revision was requested for (?<title>.+)\.$/su,
  completed: /^(?<title>.+) was accepted\. The order is complete\.$/su,
  auto_completed: /^(?<title>.+) completed automatically (?<days>\d+) days after delivery\.$/su,
  cancelled: /^(?<title>.+) was cancelled\.$/su,
  refunded: /^The payment for (?<title>.+) was refunded\.$/su,
  reviewed: /^(?<title>.+) received a review\.$/su,
  extension_requested: /^More time was asked for (?<title>.+)\.$/su,
  extension_accepted: /^The due date of (?<title>.+) was extended\.$/su,
  extension_declined: /^The request for more time on (?<title>.+) was declined\.$/su,
  disputed: /^A dispute was opened on (?<title>.+)\. An administrator will decide\.$/su,
  dispute_answered: /^The designer answered the dispute on (?<title>.+)\.$/su,
  dispute_resolved: /^The dispute on (?<title>.+) was resolved\.$/su,
  refund_offered: /^The designer offers to refund (?<amount>[^ ]+) of (?<title>.+)\.$/su,
  refund_accepted: /^The refund offer on (?<title>.+) was accepted\. The order is complete\.$/su,
  refund_declined: /^The refund offer on (?<title>.+) was declined\.$/su,
  rescan_requested: /^New scans were asked for (?<title>.+)\. The due date is paused until they arrive\.$/su,
  scans_added: /^New case files were added to (?<title>.+)\.$/su,
  revision_bought: /^An extra revision was bought for (?<title>.+)\.$/su,
};

export function readEventSummary(type: OrderEventType, summary: string): EventSummaryParts | null {
  const groups = SENTENCES[type].exec(summary)?.groups;
  if (!groups?.title) return null;
  return { title: groups.title, quantity: groups.quantity, amount: groups.amount, days: groups.days };
}

/**
 * An order event's summary in the reader's language: `type`'s sentence, or, for a conversation's preview (which
 * does not say it is an event), whichever of the sentences it reads as. Null when it reads as none.
 */
export function translateEventSummary(
  t: TFunction,
  number: (value: number) => string,
  summary: string,
  type?: string,
): string | null {
  const types = type === undefined ? ORDER_EVENT_TYPES : ORDER_EVENT_TYPES.filter((known) => known === type);
  for (const known of types) {
    const parts = readEventSummary(known, summary);
    if (!parts) continue;
    return t(`orders.events.summary.${known}`, {
      title: isolate(parts.title),
      quantity: parts.quantity ? number(Number(parts.quantity)) : '',
      amount: parts.amount ? isolate(parts.amount) : '',
      days: parts.days ? number(Number(parts.days)) : '',
    });
  }
  return null;
}

/** Text from people (a title) or another script (an amount) kept whole inside a sentence in either direction. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
