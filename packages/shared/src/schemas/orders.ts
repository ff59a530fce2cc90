import { z } from 'zod';
import { westernDigits } from '../digits.js';
import { line, numeric, pageLimit, pageOffset, text } from './fields.js';
import { EXTENSION_MAX_DAYS, ORDER_LIST_MAX, ORDER_MAX_FILES, ORDER_MESSAGES, ORDER_NOTE_MAX, REVIEW_TEXT_MAX } from './order-limits.js';
import { ORDER_STATUS_LIST } from '../policies/orders.js';

/**
 * Orders, payments and reviews (docs/product.md §5, §6): the request schemas both sides validate with (what the
 * server answers is in ../responses/orders.ts and ../responses/payments.ts). Money in the API is major units
 * (45.5 = $45.50), as elsewhere.
 */

export * from './order-limits.js';

const note = (max: number) => text().max(max, `The note is at most ${max} characters.`);

// The payment intent's input (`serviceIntentInput`, `paymentIntentInput`) and the revision's (`revisionInput`)
// carry the prescription, so they live in ./prescriptions.ts (the prescription schema reads the limits of
// ./order-limits.ts; one module each way would be an import cycle).

// The JSON the payment routes answer (PaymentIntentJson, LineItemJson, PaymentConfigJson...) is in ../responses/payments.ts.

/** Sandbox card numbers (docs/product.md §6.2). Spaces are allowed when typing. */
export const SANDBOX_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

export const cardInput = z.object({
  cardNumber: z
    .string({ error: ORDER_MESSAGES.cardNumber })
    .transform((v) => westernDigits(v).replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, ORDER_MESSAGES.cardNumber)),
  expiry: line({ error: ORDER_MESSAGES.cardExpiry }, { digits: true }).regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, ORDER_MESSAGES.cardExpiry),
  cvc: line({ error: ORDER_MESSAGES.cardCvc }, { digits: true }).regex(/^\d{3,4}$/, ORDER_MESSAGES.cardCvc),
  name: line({ error: ORDER_MESSAGES.cardName }).min(2, ORDER_MESSAGES.cardName).max(100, ORDER_MESSAGES.cardName),
});
export type CardInput = z.input<typeof cardInput>;

/** `POST /api/payments/{id}/sandbox-confirm`: the 3-D Secure step, approved or refused by the card holder. */
export const sandboxConfirmInput = z.object({ approve: z.boolean() });

export const confirmOrderInput = z.object({
  payment_intent: line({ error: ORDER_MESSAGES.paymentNotVerified }).min(1, ORDER_MESSAGES.paymentNotVerified).max(200),
  /** Moyasar returns its own payment id to the callback page; it is checked with Moyasar, never trusted. */
  provider_payment_id: line().max(200).optional(),
})
  // The wire keeps the payment page's query names (docs/product.md §6.3); the server reads its own.
  .transform(({ payment_intent, provider_payment_id }) => ({ paymentId: payment_intent, providerPaymentId: provider_payment_id }));

export const deliverInput = z.object({
  note: note(ORDER_NOTE_MAX).optional().default(''),
  files: z.array(z.uuid()).min(1, ORDER_MESSAGES.deliveryNeedsFiles).max(ORDER_MAX_FILES, `At most ${ORDER_MAX_FILES} files.`),
});
export const cancelInput = z.object({ reason: note(ORDER_NOTE_MAX).optional().default('') });

export const reviewInput = z.object({
  orderId: z.uuid({ error: ORDER_MESSAGES.notFound }),
  star: numeric(z.number({ error: ORDER_MESSAGES.reviewStar }).int(ORDER_MESSAGES.reviewStar).min(1, ORDER_MESSAGES.reviewStar).max(5, ORDER_MESSAGES.reviewStar)),
  desc: text({ error: ORDER_MESSAGES.reviewText }).min(1, ORDER_MESSAGES.reviewText).max(REVIEW_TEXT_MAX),
});

export type OrderStatusJson = (typeof ORDER_STATUS_LIST)[number];

/**
 * `GET /api/orders` filters (docs/product.md §3.6): one status, `active` (paid and not finished) or `awaiting_me` (the
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
  days: numeric(z.number({ error: ORDER_MESSAGES.extensionDays }).int(ORDER_MESSAGES.extensionDays).min(1, ORDER_MESSAGES.extensionDays).max(EXTENSION_MAX_DAYS, ORDER_MESSAGES.extensionDays)),
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
  // A designer asks for more time; the buyer accepts (the due date moves) or declines (docs/product.md §5.2a).
  'extension_requested',
  'extension_accepted',
  'extension_declined',
  // A dispute and its answer and resolution; a designer's partial refund offer and its answer (docs/product.md §5.11).
  'disputed',
  'dispute_answered',
  'dispute_resolved',
  'refund_offered',
  'refund_accepted',
  'refund_declined',
  // A designer asks for new scans (the due date stops); the buyer sends case files (it starts again); the buyer
  // buys a revision beyond the included ones (docs/decisions/0041).
  'rescan_requested',
  'scans_added',
  'revision_bought',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

// The JSON the order routes answer (OrderJson, OrderDetailJson, OrderFileJson, ReviewJson, BalanceJson...) is in
// ../responses/orders.ts.
