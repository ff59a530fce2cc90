import { z } from 'zod';
import { westernDigits } from '../digits.js';
import { line, numeric, pageLimit, pageOffset, text } from './fields.js';
import { EXTENSION_MAX_DAYS, ORDER_LIST_MAX, ORDER_MAX_FILES, ORDER_NOTE_MAX, REVIEW_TEXT_MAX } from './order-limits.js';
import { ORDER_STATUS_LIST } from '../policies/orders.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

/**
 * Orders, payments and reviews (docs/product.md §5, §6): the request schemas both sides validate with (what the
 * server answers is in ../responses/orders.ts and ../responses/payments.ts). Money in the API is major units
 * (45.5 = $45.50), as elsewhere.
 */

export * from './order-limits.js';

const note = (max: number, tooLong: ErrorCode) => text().max(max, tooLong);

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
    .string({ error: errorCode('CARD_NUMBER') })
    .transform((v) => westernDigits(v).replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, errorCode('CARD_NUMBER'))),
  expiry: line({ error: errorCode('CARD_EXPIRY') }, { digits: true }).regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, errorCode('CARD_EXPIRY')),
  cvc: line({ error: errorCode('CARD_CVC') }, { digits: true }).regex(/^\d{3,4}$/, errorCode('CARD_CVC')),
  name: line({ error: errorCode('CARD_NAME') }).min(2, errorCode('CARD_NAME')).max(100, errorCode('CARD_NAME')),
});
export type CardInput = z.input<typeof cardInput>;

/** `POST /api/payments/{id}/sandbox-confirm`: the 3-D Secure step, approved or refused by the card holder. */
export const sandboxConfirmInput = z.object({ approve: z.boolean() });

export const confirmOrderInput = z.object({
  payment_intent: line({ error: errorCode('PAYMENT_NOT_VERIFIED') }).min(1, errorCode('PAYMENT_NOT_VERIFIED')).max(200),
  /** Moyasar returns its own payment id to the callback page; it is checked with Moyasar, never trusted. */
  provider_payment_id: line().max(200).optional(),
})
  // The wire keeps the payment page's query names (docs/product.md §6.3); the server reads its own.
  .transform(({ payment_intent, provider_payment_id }) => ({ paymentId: payment_intent, providerPaymentId: provider_payment_id }));

export const deliverInput = z.object({
  note: note(ORDER_NOTE_MAX, 'ORDER_NOTE_TOO_LONG').optional().default(''),
  files: z.array(z.uuid()).min(1, errorCode('ORDER_DELIVERY_NEEDS_FILES')).max(ORDER_MAX_FILES, errorCode('ORDER_TOO_MANY_FILES')),
});
export const cancelInput = z.object({ reason: note(ORDER_NOTE_MAX, 'ORDER_NOTE_TOO_LONG').optional().default('') });

export const reviewInput = z.object({
  orderId: z.uuid({ error: errorCode('ORDER_NOT_FOUND') }),
  star: numeric(z.number({ error: errorCode('REVIEW_STAR') }).int(errorCode('REVIEW_STAR')).min(1, errorCode('REVIEW_STAR')).max(5, errorCode('REVIEW_STAR'))),
  desc: text({ error: errorCode('REVIEW_TEXT') }).min(1, errorCode('REVIEW_TEXT')).max(REVIEW_TEXT_MAX),
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
  status: z.enum(ORDER_LIST_FILTERS, { error: errorCode('ORDER_STATUS_FILTER') }).optional(),
  q: line().max(100).optional(),
  sort: z.enum(['due', 'activity'], { error: errorCode('ORDER_SORT') }).default('activity'),
  limit: pageLimit(25, ORDER_LIST_MAX),
  offset: pageOffset,
});
export type OrderListQuery = z.input<typeof orderListQuery>;

/** `POST /api/orders/{id}/extension`: the designer asks for `days` more with a reason. */
export const extensionInput = z.object({
  days: numeric(z.number({ error: errorCode('EXTENSION_DAYS') }).int(errorCode('EXTENSION_DAYS')).min(1, errorCode('EXTENSION_DAYS')).max(EXTENSION_MAX_DAYS, errorCode('EXTENSION_DAYS'))),
  reason: text({ error: errorCode('EXTENSION_REASON') }).min(1, errorCode('EXTENSION_REASON')).max(ORDER_NOTE_MAX),
});

/** `POST /api/orders/{id}/rescan`: the designer asks for new scans, saying what is wrong with these. */
export const rescanInput = z.object({
  reason: text({ error: errorCode('RESCAN_REASON') }).min(1, errorCode('RESCAN_REASON')).max(ORDER_NOTE_MAX, errorCode('RESCAN_REASON')),
});

/** `POST /api/orders/{id}/case-files`: the buyer adds case files (ids from `POST /api/order-files`), with a note. */
export const caseFilesInput = z.object({
  files: z
    .array(z.uuid(errorCode('ORDER_FILE_NOT_YOURS')), { error: errorCode('CASE_FILES_NEEDED') })
    .min(1, errorCode('CASE_FILES_NEEDED'))
    .max(ORDER_MAX_FILES, errorCode('ORDER_TOO_MANY_FILES')),
  note: note(ORDER_NOTE_MAX, 'ORDER_NOTE_TOO_LONG').optional().default(''),
});

/** `POST /api/reviews/{id}/reply`: the service's designer answers a review once. */
export const reviewReplyInput = z.object({
  text: text({ error: errorCode('REPLY_TEXT') }).min(1, errorCode('REPLY_TEXT')).max(REVIEW_TEXT_MAX, errorCode('REPLY_TEXT')),
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
