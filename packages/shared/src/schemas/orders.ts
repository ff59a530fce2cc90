import { z } from 'zod';
import { line, pageLimit, pageOffset, text } from './fields.js';
import { EXTENSION_MAX_DAYS, ORDER_LIST_MAX, ORDER_MAX_FILES, ORDER_MESSAGES, ORDER_NOTE_MAX, REVIEW_TEXT_MAX } from './order-limits.js';
import type { FileRole, Prescription } from '../dental/index.js';
import type { FileKind } from './files.js';
import type { ScanAnalysisJson } from './scan-check.js';
import type { OrderPinJson } from './review-pins.js';
import type { DisputeJson, RefundOfferJson } from '../responses/money.js';
import { ORDER_STATUS_LIST, type OrderAction } from '../policies/orders.js';
import type { TurnaroundTier } from './turnaround.js';

/**
 * Orders, payments and reviews (docs/product.md §5, §6): the request schemas both sides validate with, and the JSON
 * shapes the server answers. Money in the API is major units (45.5 = $45.50), as elsewhere.
 */

export * from './order-limits.js';

const note = (max: number) => text().max(max, `The note is at most ${max} characters.`);

// The payment intent's input (`serviceIntentInput`, `paymentIntentInput`) and the revision's (`revisionInput`)
// carry the prescription, so they live in ./prescriptions.ts (the prescription schema reads the limits of
// ./order-limits.ts; one module each way would be an import cycle).

export type PaymentStatusJson = 'requires_payment' | 'requires_action' | 'paid' | 'failed' | 'refunded';
export type PaymentProviderName = 'sandbox' | 'stripe' | 'moyasar';

export interface PaymentIntentJson {
  _id: string;
  orderId: string | null;
  courseId: string | null;
  amount: number;
  currency: string;
  status: PaymentStatusJson;
  provider: PaymentProviderName;
  /** Stripe's client secret for Stripe.js; absent for other providers. */
  clientSecret?: string;
  /** What the card form says: 'Payment for {title}'. */
  description: string;
  /** What is paid for, priced by the server: their totals add up to `amount` (issue 16). */
  lineItems: LineItemJson[];
}

/** One line of what an order or a course costs (major units). */
export interface LineItemJson {
  /** The service's (or course's) title. */
  description: string;
  /** What one `quantity` is: a unit (tooth), an arch, or null for a course. */
  unitOrArch: 'unit' | 'arch' | null;
  unitPrice: number;
  quantity: number;
  total: number;
  /**
   * A line beside the item (issue 18): the rush surcharge or standby discount (`percent` of the item), or one
   * extra revision. Absent for the item itself. The web names it in the reader's language.
   */
  kind?: 'rush' | 'standby' | 'revision';
  percent?: number;
}

/** `GET /api/payments/config`: which card form the payment page shows. */
export interface PaymentConfigJson {
  provider: PaymentProviderName;
  publishableKey: string | null;
  currency: string;
}

/** Sandbox card numbers (docs/product.md §6.2). Spaces are allowed when typing. */
export const SANDBOX_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

export const cardInput = z.object({
  cardNumber: z
    .string({ error: ORDER_MESSAGES.cardNumber })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, ORDER_MESSAGES.cardNumber)),
  expiry: line({ error: ORDER_MESSAGES.cardExpiry }).regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, ORDER_MESSAGES.cardExpiry),
  cvc: line({ error: ORDER_MESSAGES.cardCvc }).regex(/^\d{3,4}$/, ORDER_MESSAGES.cardCvc),
  name: line({ error: ORDER_MESSAGES.cardName }).min(2, ORDER_MESSAGES.cardName).max(100, ORDER_MESSAGES.cardName),
});
export type CardInput = z.input<typeof cardInput>;

/** `POST /api/payments/{id}/sandbox-confirm`: the 3-D Secure step, approved or refused by the card holder. */
export const sandboxConfirmInput = z.object({ approve: z.boolean() });

export const confirmOrderInput = z.object({
  payment_intent: line({ error: ORDER_MESSAGES.paymentNotVerified }).min(1, ORDER_MESSAGES.paymentNotVerified).max(200),
  /** Moyasar returns its own payment id to the callback page; it is checked with Moyasar, never trusted. */
  provider_payment_id: line().max(200).optional(),
});

export const deliverInput = z.object({
  note: note(ORDER_NOTE_MAX).optional().default(''),
  files: z.array(z.uuid()).min(1, ORDER_MESSAGES.deliveryNeedsFiles).max(ORDER_MAX_FILES, `At most ${ORDER_MAX_FILES} files.`),
});
export const cancelInput = z.object({ reason: note(ORDER_NOTE_MAX).optional().default('') });

export const reviewInput = z.object({
  orderId: z.uuid({ error: ORDER_MESSAGES.notFound }),
  star: z.coerce.number({ error: ORDER_MESSAGES.reviewStar }).int(ORDER_MESSAGES.reviewStar).min(1, ORDER_MESSAGES.reviewStar).max(5, ORDER_MESSAGES.reviewStar),
  desc: text({ error: ORDER_MESSAGES.reviewText }).min(1, ORDER_MESSAGES.reviewText).max(REVIEW_TEXT_MAX),
});

export type OrderStatusJson = (typeof ORDER_STATUS_LIST)[number];

/**
 * `GET /api/orders` filters (issue 18): one status, `active` (paid and not finished) or `awaiting_me` (the
 * caller's move: ORDER_AWAITING_ACTIONS); `q` a number (`C-10427`), title or case reference; `sort` by due date
 * (soonest first) or last activity (latest first); `limit` and `offset` page it (`X-Total-Count` is the total).
 */
export const ORDER_LIST_FILTERS = [...ORDER_STATUS_LIST, 'active', 'awaiting_me'] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
/** The statuses `active` means: paid and not yet finished. */
export const ACTIVE_ORDER_STATUSES = ['in_progress', 'delivered', 'revision_requested', 'disputed'] as const satisfies readonly OrderStatusJson[];
export const orderListQuery = z.object({
  status: z.enum(ORDER_LIST_FILTERS, { error: 'Unknown order status.' }).optional(),
  q: line().max(100).optional(),
  sort: z.enum(['due', 'activity'], { error: 'Sort by due or activity.' }).default('activity'),
  limit: pageLimit(25, ORDER_LIST_MAX),
  offset: pageOffset,
});
export type OrderListQuery = z.input<typeof orderListQuery>;

/** `POST /api/orders/{id}/extension`: the designer asks for `days` more with a reason. */
export const extensionInput = z.object({
  days: z.coerce.number({ error: ORDER_MESSAGES.extensionDays }).int(ORDER_MESSAGES.extensionDays).min(1, ORDER_MESSAGES.extensionDays).max(EXTENSION_MAX_DAYS, ORDER_MESSAGES.extensionDays),
  reason: text({ error: ORDER_MESSAGES.extensionReason }).min(1, ORDER_MESSAGES.extensionReason).max(ORDER_NOTE_MAX),
});

/** `POST /api/orders/{id}/rescan`: the designer asks for new scans, saying what is wrong with these. */
export const rescanInput = z.object({
  reason: text({ error: ORDER_MESSAGES.rescanReason }).min(1, ORDER_MESSAGES.rescanReason).max(ORDER_NOTE_MAX, ORDER_MESSAGES.rescanReason),
});

/** `POST /api/orders/{id}/case-files`: the buyer adds case files (ids from `POST /api/order-files`), with a note. */
export const caseFilesInput = z.object({
  files: z
    .array(z.uuid(ORDER_MESSAGES.fileNotYours), { error: ORDER_MESSAGES.caseFilesNeeded })
    .min(1, ORDER_MESSAGES.caseFilesNeeded)
    .max(ORDER_MAX_FILES, `At most ${ORDER_MAX_FILES} files.`),
  note: note(ORDER_NOTE_MAX).optional().default(''),
});

/** `POST /api/reviews/{id}/reply`: the service's designer answers a review once. */
export const reviewReplyInput = z.object({
  text: text({ error: ORDER_MESSAGES.replyText }).min(1, ORDER_MESSAGES.replyText).max(REVIEW_TEXT_MAX, ORDER_MESSAGES.replyText),
});
/** Every kind of event on an order's timeline. */
export const ORDER_EVENT_TYPES = [
  'created',
  'paid',
  'delivered',
  'revision_requested',
  'completed',
  'auto_completed',
  'cancelled',
  'refunded',
  'reviewed',
  // A designer asks for more time; the buyer accepts (the due date moves) or declines (issue 18).
  'extension_requested',
  'extension_accepted',
  'extension_declined',
  // A dispute and its answer and resolution; a designer's partial refund offer and its answer (issue 20).
  'disputed',
  'dispute_answered',
  'dispute_resolved',
  'refund_offered',
  'refund_accepted',
  'refund_declined',
  // A designer asks for new scans (the due date stops); the buyer sends case files (it starts again); the buyer
  // buys a revision beyond the included ones (issue 18).
  'rescan_requested',
  'scans_added',
  'revision_bought',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export interface OrderPartyJson {
  _id: string;
  username: string;
  image: string | null;
}

export interface OrderFileJson {
  _id: string;
  name: string;
  size: number;
  kind: FileKind;
  /** Participants only: `/api/orders/{orderId}/files/{fileId}` (null before the file joins an order). */
  url: string | null;
  /** What the file is for the case (issue 16): guessed from the name at upload, changed by the buyer. */
  role: FileRole;
  createdAt: string;
  /** The scan check of a mesh (STL, PLY, OBJ, ZIP; docs/decisions/0026); null for photos. */
  analysis: ScanAnalysisJson | null;
}

/** A row of `GET /api/orders`. */
export interface OrderJson {
  _id: string;
  /** The short number people quote (`C-10427`, issue 18). It names the order; it opens nothing. */
  number: string;
  serviceId: string;
  title: string;
  image: string | null;
  /** Total in major units. */
  price: number;
  unitPrice: number;
  quantity: number;
  unitOrArch: 'unit' | 'arch';
  currency: string;
  status: OrderStatusJson;
  buyerID: OrderPartyJson;
  sellerID: OrderPartyJson;
  /** True when the caller is the designer of this order. */
  isSeller: boolean;
  teeth: number[];
  /**
   * The dental prescription (issue 16, ADR 0025), as `prescriptionSchema` answers it: units, design, caseRef,
   * dueBy (as the buyer gave it, if they did) and notes. Orders placed before prescriptions existed answer an
   * empty one with their requirements as notes.
   */
  prescription: Prescription;
  /** When the design is due (YYYY-MM-DD): the prescription's `dueBy`, else the service's delivery time from ordering. */
  dueBy: string;
  revisionsIncluded: number;
  revisionsUsed: number;
  deliveryDays: number;
  paidAt: string | null;
  deliveredAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  /** The buyer's latest payment attempt while the order awaits payment (null for the designer). */
  paymentId: string | null;
  /** When a delivered order completes on its own. */
  autoCompleteAt: string | null;
  /** What the caller may do now, read from ORDER_POLICY for them (docs/decisions/0030); the client shows these and no others. */
  actions: OrderAction[];
  /** When the design is due (set at payment; moved by an accepted extension); null before payment. */
  dueAt: string | null;
  /** Past `dueAt` and not delivered (in progress, or a revision asked for). */
  late: boolean;
  /** The latest change to the order (its timeline's last event). */
  lastActivityAt: string;
  /** A designer's request for more time waiting for the buyer's answer. */
  extension: { days: number; reason: string } | null;
  /** The turnaround the buyer chose (issue 18): its days are `deliveryDays`, its surcharge or discount is in `price`. */
  tier: TurnaroundTier;
  /** The price of one extra revision as ordered (major units); null: none can be bought. */
  extraRevisionPrice: number | null;
  /** The designer asked for new scans (`rescanReason`): the due clock is stopped, `dueAt` is null until they arrive. */
  waitingForScans: boolean;
  rescanReason: string | null;
  /** While waiting for scans: the time that was left when the clock stopped (ms; negative when it was late). */
  dueRemainingMs: number | null;
  /** The designer's open partial refund offer (issue 20); null when none is open. */
  refundOffer: RefundOfferJson | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderEventJson {
  _id: string;
  type: OrderEventType;
  actor: OrderPartyJson | null;
  note: string | null;
  files: OrderFileJson[];
  /** The teeth a revision request points at (issue 16); empty for other events. */
  units: number[];
  /** A revision request's pins on the order's meshes (issue 17, ADR 0037); empty for other events. */
  pins: OrderPinJson[];
  /** An acceptance: the delivered files the buyer approved (issue 17); empty for other events. */
  approvedFiles: string[];
  /** The days of an extension request (issue 18); null for other events. */
  days: number | null;
  createdAt: string;
}

export interface ReviewJson {
  _id: string;
  orderId: string;
  serviceId: string;
  serviceTitle: string;
  star: number;
  desc: string;
  buyer: OrderPartyJson;
  /** The designer of the reviewed service: the one who may reply. */
  sellerId: string;
  /** The designer's reply (issue 18), once. */
  reply: { text: string; createdAt: string } | null;
  createdAt: string;
}

/** `GET /api/orders/{id}`. `actions` are what the caller may do now. */
export interface OrderDetailJson extends OrderJson {
  requirements: string;
  attachments: OrderFileJson[];
  events: OrderEventJson[];
  review: ReviewJson | null;
  /** The dispute, if the buyer opened one (issue 20). */
  dispute: DisputeJson | null;
  /**
   * The actions it is the caller's turn for that a condition of ORDER_POLICY refuses, with the sentence why
   * (`{ revision: 'All included revisions have been used.' }`); empty when there are none.
   */
  unavailable: Partial<Record<OrderAction, string>>;
  /** Whether the caller may mark the review pins resolved now (PIN_POLICY, issue 17). */
  pinsResolvable: boolean;
}

/** `GET /api/orders/balance`: a designer's money (major units). */
export interface BalanceJson {
  escrow: number;
  available: number;
  /** Requested payouts not yet paid or rejected (issue 20). */
  reserved: number;
  currency: string;
  feePercent: number;
}
