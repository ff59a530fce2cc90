/**
 * Who may do what to an order, in which status (docs/product.md §5.2, docs/decisions/0030): the one table the
 * server's "may I?" check (`authorizeOrder` in apps/server/src/modules/orders/orders.policy.ts), the state
 * machine's conditional UPDATE (`... WHERE status IN (fromStatuses(action, party))`) and the order JSON's
 * `actions` (what the web shows as buttons) are all read from. Change a rule here and all three move together;
 * apps/server/src/modules/orders/orders.policy.test.ts walks every action × status × party to prove it.
 */
import { ERRORS, type ErrorCode } from '../error-codes.js';

/** Every action in the order the client lists them (`actions` keeps this order). */
export const ORDER_ACTIONS = [
  'pay',
  'deliver',
  'accept',
  'revision',
  'dispute',
  'respond',
  'offerRefund',
  'acceptRefund',
  'declineRefund',
  'cancel',
  'review',
  'extension',
  'extensionAccept',
  'extensionDecline',
  'rescan',
  'caseFiles',
  'buyRevision',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Every status of an order (schemas/orders.ts' OrderStatusJson; listed here so that file can import this one). */
export const ORDER_STATUS_LIST = ['pending_payment', 'in_progress', 'delivered', 'revision_requested', 'completed', 'cancelled', 'disputed'] as const;
/** The statuses in which an order's money is held in escrow and its work not finished. */
export const OPEN_ORDER_STATUSES = ['in_progress', 'delivered', 'revision_requested', 'disputed'] as const;
type OrderStatusJson = (typeof ORDER_STATUS_LIST)[number];

/** The two parties of an order. */
export type OrderParty = 'buyer' | 'seller';
/** Who may act in a status: one party, or either of them. */
export type OrderActor = OrderParty | 'either';

/** What a rule reads of an order: its row's columns, plus whether the buyer has reviewed it. */
export interface OrderFacts {
  status: OrderStatusJson;
  buyerId: string;
  sellerId: string;
  revisionsUsed: number;
  revisionsIncluded: number;
  /** Whether the order has its review; only the `review` action reads it. */
  reviewed?: boolean;
  /** The days of a designer's request for more time waiting for the buyer's answer (null or absent: none). */
  extensionDays?: number | null;
  /** The designer's open partial refund offer (minor units), null or absent when none is open. */
  refundOfferAmount?: number | null;
  /** Whether the designer has answered the dispute; only `respond` reads it. */
  disputeAnswered?: boolean;
  /** A rescan request waiting for the buyer's new files (docs/product.md §5.2a). */
  waitingForScans?: boolean;
  /** The price of one extra revision as ordered (minor units); null or absent: none sold. */
  extraRevisionPrice?: number | null;
}

/** A refusal: the error code (a 403 or 409 of ERRORS) and its sentence, which the order JSON's `unavailable` shows. */
export interface OrderRefusal {
  code: ErrorCode;
  message: string;
}

const refusal = (code: ErrorCode): OrderRefusal => ({ code, message: ERRORS[code].message });

/**
 * A condition beyond the status, by name: the server re-checks each one atomically where the change is made
 * (a clause of the conditional UPDATE, or a unique index), see CONDITION_GUARDS in orders.policy.ts.
 */
export const ORDER_CONDITIONS = {
  /** A revision only while included revisions are left. */
  revisionsLeft: {
    test: (order: OrderFacts) => order.revisionsUsed < order.revisionsIncluded,
    refusal: refusal('ORDER_NO_REVISIONS_LEFT'),
  },
  /** One review per order. */
  notReviewed: {
    test: (order: OrderFacts) => order.reviewed !== true,
    refusal: refusal('ORDER_ALREADY_REVIEWED'),
  },
  /** One request for more time at a time. */
  noExtensionWaiting: {
    test: (order: OrderFacts) => order.extensionDays == null,
    refusal: refusal('ORDER_EXTENSION_WAITING'),
  },
  /**
   * The buyer answers only a request that is waiting. `quiet`: not shown in `unavailable` (nothing to explain
   * to a buyer who was never asked).
   */
  extensionWaiting: {
    test: (order: OrderFacts) => order.extensionDays != null,
    refusal: refusal('ORDER_NO_EXTENSION'),
    quiet: true,
  },
  /** One answer to a dispute. */
  notAnswered: {
    test: (order: OrderFacts) => order.disputeAnswered !== true,
    refusal: refusal('DISPUTE_ALREADY_ANSWERED'),
  },
  /** One partial refund offer open at a time. */
  noOfferOpen: {
    test: (order: OrderFacts) => order.refundOfferAmount == null,
    refusal: refusal('REFUND_OFFER_OPEN'),
  },
  /** Something to accept or decline. */
  offerOpen: {
    test: (order: OrderFacts) => order.refundOfferAmount != null,
    refusal: refusal('REFUND_NO_OFFER'),
  },
  /** One rescan request at a time. */
  notWaitingForScans: {
    test: (order: OrderFacts) => order.waitingForScans !== true,
    refusal: refusal('ORDER_WAITING_FOR_SCANS'),
  },
  /** An extra revision is bought only once the included ones are used (docs/product.md §5.4). */
  revisionsUsedUp: {
    test: (order: OrderFacts) => order.revisionsUsed >= order.revisionsIncluded,
    refusal: refusal('ORDER_REVISIONS_STILL_LEFT'),
    quiet: true,
  },
  /** ... and only when the service sold them when ordered. */
  extraRevisionsSold: {
    test: (order: OrderFacts) => order.extraRevisionPrice != null,
    refusal: refusal('ORDER_NO_EXTRA_REVISIONS'),
    quiet: true,
  },
} as const satisfies Record<string, { test: (order: OrderFacts) => boolean; refusal: OrderRefusal; quiet?: boolean }>;
export type OrderCondition = keyof typeof ORDER_CONDITIONS;

export interface OrderRule {
  /** The statuses the action starts from, each with who may take it there. */
  from: Partial<Record<OrderStatusJson, OrderActor>>;
  /** Further conditions, all of which must hold. */
  when?: readonly OrderCondition[];
  /** The refusal for a caller who is never the one to do this (default: 403 wrongParty). */
  wrongParty?: OrderRefusal;
  /** The refusal for the right party in a status the action does not start from (default: 409 wrongStatus). */
  wrongStatus?: OrderRefusal;
  /** A failed condition is not presented as `unavailable` (there is simply nothing to do, e.g. no offer to accept). */
  quiet?: true;
}

const REVIEW_NOT_ALLOWED = refusal('ORDER_REVIEW_NOT_ALLOWED');

/** The order policy: the whole state machine's "who and when" on one screen. */
export const ORDER_POLICY = {
  /** The buyer pays for an order they placed (the payment flow, docs/product.md §6). */
  pay: { from: { pending_payment: 'buyer' } },
  /** The designer delivers the design, and again after a revision request. */
  deliver: { from: { in_progress: 'seller', revision_requested: 'seller' } },
  /** The buyer accepts a delivery (the scheduler does too, AUTO_COMPLETE_DAYS later). */
  accept: { from: { delivered: 'buyer' } },
  /** The buyer asks for changes to a delivery, within the included revisions. */
  revision: { from: { delivered: 'buyer' }, when: ['revisionsLeft'] },
  /** The buyer disputes a delivery before it completes (docs/product.md §5.11); auto-completion stops while it is open. */
  dispute: { from: { delivered: 'buyer', revision_requested: 'buyer' } },
  /** The designer answers the dispute once, with a statement and files. */
  respond: { from: { disputed: 'seller' }, when: ['notAnswered'], quiet: true },
  /** The designer offers part of the price back; accepting it completes the order with that refund. */
  offerRefund: { from: { delivered: 'seller', revision_requested: 'seller', disputed: 'seller' }, when: ['noOfferOpen'], quiet: true },
  acceptRefund: { from: { delivered: 'buyer', revision_requested: 'buyer', disputed: 'buyer' }, when: ['offerOpen'], quiet: true },
  declineRefund: { from: { delivered: 'buyer', revision_requested: 'buyer', disputed: 'buyer' }, when: ['offerOpen'], quiet: true },
  /** Before payment only the buyer cancels (the designer does not see it yet); once paid, either party until delivery. */
  cancel: { from: { pending_payment: 'buyer', in_progress: 'either' } },
  /** The buyer reviews a completed order, once. */
  review: { from: { completed: 'buyer' }, when: ['notReviewed'], wrongParty: REVIEW_NOT_ALLOWED, wrongStatus: REVIEW_NOT_ALLOWED },
  /** The designer asks for more days before the due date while working (docs/product.md §5.2a). */
  extension: { from: { in_progress: 'seller', revision_requested: 'seller' }, when: ['noExtensionWaiting'] },
  /** The buyer accepts the request: the due date moves by its days. */
  extensionAccept: { from: { in_progress: 'buyer', revision_requested: 'buyer' }, when: ['extensionWaiting'] },
  /** The buyer declines it: the due date stays. */
  extensionDecline: { from: { in_progress: 'buyer', revision_requested: 'buyer' }, when: ['extensionWaiting'] },
  /** The designer finds the scans unusable and asks for new ones: the due date stops (docs/product.md §5.2a). */
  rescan: { from: { in_progress: 'seller', revision_requested: 'seller' }, when: ['notWaitingForScans'] },
  /** The buyer adds case files while the work is owed; after a rescan request they start the due date again. */
  caseFiles: { from: { in_progress: 'buyer', revision_requested: 'buyer' } },
  /**
   * The buyer buys one more revision once the included ones are used (docs/product.md §5.4), paid like the order
   * (`POST /payments/intents` with `type: 'revision'`); its settlement re-checks this in its UPDATE.
   */
  buyRevision: { from: { delivered: 'buyer' }, when: ['revisionsUsedUp', 'extraRevisionsSold'] },
} as const satisfies Record<OrderAction, OrderRule>;

const WRONG_PARTY = refusal('ORDER_NOT_YOUR_TURN');
const WRONG_STATUS = refusal('ORDER_WRONG_STATUS');

const rule = (action: OrderAction): OrderRule => ORDER_POLICY[action];
const allows = (actor: OrderActor | undefined, party: OrderParty) => actor === 'either' || actor === party;

/** The caller's part in the order, or null for anyone else. */
export function orderPartyOf(order: Pick<OrderFacts, 'buyerId' | 'sellerId'>, userId: string): OrderParty | null {
  return order.buyerId === userId ? 'buyer' : order.sellerId === userId ? 'seller' : null;
}

/**
 * Who sees an order at all (docs/product.md §5.2): its buyer always; its designer once it is paid (an unpaid order is
 * the buyer's draft, nothing the designer has to do with). The order page and its files (`participantOrder`), the
 * orders list's `WHERE` and the scan check's file look-up all read these two, not their own copy.
 */
export const ORDER_HIDDEN_FROM_SELLER = ['pending_payment'] as const satisfies readonly OrderStatusJson[];
export function mayViewOrder(order: { buyerId: string | null; sellerId: string | null; status: string | null }, userId: string): boolean {
  if (order.buyerId === userId) return true;
  return order.sellerId === userId && !(ORDER_HIDDEN_FROM_SELLER as readonly (string | null)[]).includes(order.status);
}

/**
 * The statuses an action starts from: for one party (what its conditional UPDATE may match), or for anyone
 * (the scheduler completing an order).
 */
export function orderActionFrom(action: OrderAction, party?: OrderParty): OrderStatusJson[] {
  const entries = Object.entries(rule(action).from) as [OrderStatusJson, OrderActor][];
  return entries.filter(([, actor]) => !party || allows(actor, party)).map(([status]) => status);
}

/** The conditions an action needs beyond its status. */
export function orderActionConditions(action: OrderAction): readonly OrderCondition[] {
  return rule(action).when ?? [];
}

/**
 * May this user do this to this order now? Null when yes, else the refusal: 403 for a caller who is not the
 * party for it (in this status, or in any), 409 for the right party at the wrong time, or a condition's own.
 */
export function orderRefusal(order: OrderFacts, userId: string, action: OrderAction): OrderRefusal | null {
  return turnRefusal(order, userId, action) ?? conditionRefusal(order, action);
}

/** The refusal by party and status alone (is it this caller's turn?). */
function turnRefusal(order: OrderFacts, userId: string, action: OrderAction): OrderRefusal | null {
  const r = rule(action);
  const party = orderPartyOf(order, userId);
  const wrongParty = r.wrongParty ?? WRONG_PARTY;
  if (!party) return wrongParty;
  const actor = r.from[order.status];
  if (actor !== undefined) {
    if (!allows(actor, party)) return wrongParty;
  } else {
    // Not from this status: the wrong time for a party who does this in some status, else the wrong party.
    return orderActionFrom(action, party).length > 0 ? (r.wrongStatus ?? WRONG_STATUS) : wrongParty;
  }
  return null;
}

function conditionRefusal(order: OrderFacts, action: OrderAction): OrderRefusal | null {
  for (const name of rule(action).when ?? []) {
    const condition = ORDER_CONDITIONS[name];
    if (!condition.test(order)) return condition.refusal;
  }
  return null;
}

/** What this user may do to this order now, in ORDER_ACTIONS order: the order JSON's `actions`. */
export function orderActionsFor(order: OrderFacts, userId: string): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => orderRefusal(order, userId, action) === null);
}

/**
 * The actions it is this user's turn for but a condition refuses, with the sentence why (a buyer with no
 * revisions left reads "All included revisions have been used."): the order JSON's `unavailable`.
 */
export function orderActionsUnavailable(order: OrderFacts, userId: string): Partial<Record<OrderAction, string>> {
  const out: Partial<Record<OrderAction, string>> = {};
  for (const action of ORDER_ACTIONS) {
    if (rule(action).quiet || turnRefusal(order, userId, action)) continue;
    const failed = (rule(action).when ?? []).find((name) => !ORDER_CONDITIONS[name].test(order));
    if (failed && !('quiet' in ORDER_CONDITIONS[failed])) out[action] = ORDER_CONDITIONS[failed].refusal.message;
  }
  return out;
}

/**
 * The actions that make an order "awaiting my action" in the orders list (docs/product.md §3.6): the moves that carry the
 * work forward. `pay` is not one (unpaid orders are listed apart), nor `cancel` or `review` (optional). Each
 * says whether it is owed only while new scans are, or are not, awaited: a designer who asked for a rescan
 * waits for the buyer, whose move the new case files then are (the action itself stays allowed either way).
 */
export const ORDER_AWAITING_ACTIONS = {
  deliver: { waitingForScans: false },
  accept: {},
  revision: {},
  extensionAccept: {},
  extensionDecline: {},
  caseFiles: { waitingForScans: true },
} as const satisfies Partial<Record<OrderAction, { waitingForScans?: boolean }>>;
