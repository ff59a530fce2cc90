import { z } from 'zod';
import { line, text } from './fields.js';
import { ORDER_MAX_FILES, ORDER_MESSAGES, ORDER_NOTE_MAX, REVIEW_TEXT_MAX } from './order-limits.js';
import type { FileRole, Prescription } from '../dental/index.js';
import type { FileKind } from './files.js';
import type { ScanAnalysisJson } from './scan-check.js';
import type { DisputeJson, RefundOfferJson } from './money.js';
import type { OrderAction, ORDER_STATUS_LIST } from '../policies/orders.js';

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
export type OrderEventType =
  | 'created'
  | 'paid'
  | 'delivered'
  | 'revision_requested'
  | 'completed'
  | 'auto_completed'
  | 'cancelled'
  | 'refunded'
  | 'reviewed'
  | 'disputed'
  | 'dispute_answered'
  | 'dispute_resolved'
  | 'refund_offered'
  | 'refund_accepted'
  | 'refund_declined';

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
