import { z } from 'zod';
import { DISPUTE_OUTCOME_LIST, DISPUTE_REASON_LIST } from '../schemas/money.js';

/**
 * What the disputes, payouts and platform totals answer (ADR 0036), as response schemas (docs/decisions/0039).
 * Amounts are major units.
 */

/** A dispute as both parties and administrators see it. */
export const disputeJsonSchema = z.object({
  reason: z.enum(DISPUTE_REASON_LIST),
  statement: z.string(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  outcome: z.enum(DISPUTE_OUTCOME_LIST).nullable(),
  /** What each side got, once resolved; `fee` is the platform's share of the designer's part. */
  buyerAmount: z.number().nullable(),
  designerAmount: z.number().nullable(),
  fee: z.number().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DisputeJson = z.infer<typeof disputeJsonSchema>;

/** The designer's open partial refund offer. */
export const refundOfferJsonSchema = z.object({ amount: z.number(), note: z.string() });
export type RefundOfferJson = z.infer<typeof refundOfferJsonSchema>;

const PAYOUT_METHODS = ['bank', 'stripe'] as const;

/** `GET /api/payouts/details`: masked (IBAN's country and last four; the Stripe account's last four). */
export const payoutDetailsJsonSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountHolder: z.string().nullable(),
  iban: z.string().nullable(),
  bankName: z.string().nullable(),
  stripeAccount: z.string().nullable(),
  updatedAt: z.string(),
  /** When the destination (method, IBAN or Stripe account) last changed, the first save included (ADR 0051). */
  changedAt: z.string(),
  /** Until when payouts to it are held (72 hours after `changedAt`); null once the hold is over. */
  holdUntil: z.string().nullable(),
});
export type PayoutDetailsJson = z.infer<typeof payoutDetailsJsonSchema>;

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payoutJsonSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(PAYOUT_METHODS),
  destination: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PayoutJson = z.infer<typeof payoutJsonSchema>;

/** One line of the designer's running balance: a ledger movement of their money. */
export const balanceLineJsonSchema = z.object({
  kind: z.string(),
  amount: z.number(),
  /** The available balance after this line. */
  balance: z.number(),
  orderId: z.string().nullable(),
  courseId: z.string().nullable(),
  payoutId: z.string().nullable(),
  createdAt: z.string(),
});
export type BalanceLineJson = z.infer<typeof balanceLineJsonSchema>;

/** `GET /api/payouts`. */
export const payoutsJsonSchema = z.object({
  available: z.number(),
  reserved: z.number(),
  paidOut: z.number(),
  minimum: z.number(),
  currency: z.string(),
  payouts: z.array(payoutJsonSchema),
  lines: z.array(balanceLineJsonSchema),
});
export type PayoutsJson = z.infer<typeof payoutsJsonSchema>;

/** `GET /api/admin/payouts` row: a payout with its designer and their full (unmasked) details. */
export const adminPayoutJsonSchema = payoutJsonSchema.extend({
  designer: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
  details: z
    .object({
      accountHolder: z.string().nullable(),
      iban: z.string().nullable(),
      bankName: z.string().nullable(),
      stripeAccount: z.string().nullable(),
      /** The details changed less than 72 hours ago: a bank payout cannot be marked paid until then (ADR 0051). */
      holdUntil: z.string().nullable(),
    })
    .nullable(),
  /** Marking it paid sends a Stripe Transfer to the account it was requested to (no reference to give). */
  byTransfer: z.boolean(),
});
export type AdminPayoutJson = z.infer<typeof adminPayoutJsonSchema>;

/** `GET /api/admin/totals`: the platform's books. The sum of all accounts is zero. */
export const platformTotalsJsonSchema = z.object({
  currency: z.string(),
  taken: z.number(),
  escrow: z.number(),
  fees: z.number(),
  designersAvailable: z.number(),
  payoutsPending: z.number(),
  paidOut: z.number(),
  refunded: z.number(),
  /** The sum over every account: 0 when the books balance. */
  sum: z.number(),
  openDisputes: z.number(),
});
export type PlatformTotalsJson = z.infer<typeof platformTotalsJsonSchema>;
