import { z } from 'zod';
import { TURNAROUND_TIERS } from '../schemas/turnaround.js';

/**
 * What the payment routes answer (docs/product.md §5.1, §6), as response schemas (docs/decisions/0039):
 * registered on the routes, the types derived from them. Money is major units.
 */

export const PAYMENT_STATUSES = ['requires_payment', 'requires_action', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatusJson = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'moyasar'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** One line of what an order or a course costs (major units). */
export const lineItemJsonSchema = z.object({
  /** The service's (or course's) title. */
  description: z.string(),
  /** What one `quantity` is: a unit (tooth), an arch, or null for a course. */
  unitOrArch: z.enum(['unit', 'arch']).nullable(),
  unitPrice: z.number(),
  quantity: z.number(),
  total: z.number(),
  /**
   * A line beside the item (docs/decisions/0041): the rush surcharge or standby discount (`percent` of the item), or one
   * extra revision. Absent for the item itself. The web names it in the reader's language.
   */
  kind: z.enum(['rush', 'standby', 'revision']).optional(),
  percent: z.number().optional(),
});
export type LineItemJson = z.infer<typeof lineItemJsonSchema>;

/** `POST /api/payments/intents` (201), `GET /api/payments/{id}`. */
export const paymentIntentJsonSchema = z.object({
  _id: z.string(),
  orderId: z.string().nullable(),
  courseId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's client secret for Stripe.js; absent for other providers. */
  clientSecret: z.string().optional(),
  /** What the card form says: 'Payment for {title}'. */
  description: z.string(),
  /** What is paid for, priced by the server: their totals add up to `amount` (docs/product.md §5.1). */
  lineItems: z.array(lineItemJsonSchema),
});
export type PaymentIntentJson = z.infer<typeof paymentIntentJsonSchema>;

/** `GET /api/payments/config`: which card form the payment page shows. */
export const paymentConfigJsonSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
  currency: z.string(),
});
export type PaymentConfigJson = z.infer<typeof paymentConfigJsonSchema>;

/** `POST /api/payments/quote`: what the intent would charge, computed by the same code, nothing created. */
export const orderQuoteJsonSchema = z.object({
  serviceId: z.string(),
  unitOrArch: z.enum(['unit', 'arch']),
  quantity: z.number(),
  unitPrice: z.number(),
  /** Major units: `unitPrice × quantity`, the intent's `amount`. */
  total: z.number(),
  currency: z.string(),
  lineItems: z.array(lineItemJsonSchema),
  /** The teeth of the order (the units' teeth, sorted). */
  teeth: z.array(z.number()),
  /** The earliest `dueBy` this service can promise from today (YYYY-MM-DD), with the chosen tier's days. */
  earliestDueBy: z.string(),
  /** The turnaround priced (docs/decisions/0041) and its delivery days. */
  tier: z.enum(TURNAROUND_TIERS),
  deliveryDays: z.number(),
});
export type OrderQuoteJson = z.infer<typeof orderQuoteJsonSchema>;

/**
 * `POST /api/payments/{id}/sandbox-pay` and `/sandbox-confirm`: the sandbox card's outcome. A card that does not pay
 * answers 200 with `code` (PAYMENT_DECLINED, PAYMENT_UNKNOWN_TEST_CARD, PAYMENT_NOT_CONFIRMED) and its sentence.
 */
export const sandboxPayJsonSchema = z.object({
  status: z.enum(['paid', 'failed', 'requires_action']),
  message: z.string().optional(),
  code: z.enum(['PAYMENT_DECLINED', 'PAYMENT_UNKNOWN_TEST_CARD', 'PAYMENT_NOT_CONFIRMED']).optional(),
});
export type SandboxPayJson = z.infer<typeof sandboxPayJsonSchema>;

/** What a provider's webhook is answered (`duplicate`: the event was already handled). */
export const webhookAnswerJsonSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
