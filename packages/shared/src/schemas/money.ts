import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { currentPasswordField } from './account.js';
import { line, numeric, text } from './fields.js';
import { ORDER_MAX_FILES, ORDER_NOTE_MAX } from './order-limits.js';
import { errorCode } from '../error-code.js';

/**
 * Disputes, partial refunds and payouts (docs/decisions/0035, 0036): the request schemas both sides
 * validate with and the JSON the server answers. Amounts in the API are major units, as elsewhere.
 */

export const DISPUTE_REASON_LIST = ['not_as_prescribed', 'poor_fit', 'incomplete', 'late', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASON_LIST)[number];
export const DISPUTE_OUTCOME_LIST = ['release', 'refund', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOME_LIST)[number];

export const MONEY_MESSAGES = {
  reason: 'Please choose a reason.',
  statement: 'Please write a statement (at least 10 characters).',
  amount: 'Please enter an amount greater than 0.',
  outcome: 'Please choose release, refund or split.',
  splitAmounts: 'A split needs the buyer\'s and the designer\'s amounts.',
  iban: 'This IBAN is not valid: please check it.',
  accountHolder: 'Please fill in the account holder.',
  bankName: 'Please fill in the bank name.',
  stripeAccount: 'A Stripe account id starts with acct_.',
  reference: 'Please give the transfer\'s reference.',
  rejectReason: 'Please say why the payout is rejected.',
  belowMinimum: (minimum: string) => `A payout is at least ${minimum}.`,
  notEnough: 'The amount is more than your available balance.',
  noDetails: 'Please add your payout details first.',
  payoutNotFound: 'Payout not found.',
  payoutDecided: 'This payout has already been decided.',
  transferRefused: (reason: string) => `Stripe refused the transfer: ${reason}`,
  disputeNotFound: 'No dispute for this order.',
  /** The code's sentence; the server's own says when the hold clears (destinationHeldUntil). */
  destinationHeld: 'Payouts to new payout details are held for 72 hours after they change.',
  destinationHeldUntil: (until: string) => `Payouts to new payout details are held for 72 hours after they change: this hold clears on ${until}.`,
} as const;

/** How long payouts wait after the payout details change, the first ones included (docs/decisions/0051). */
export const PAYOUT_DESTINATION_HOLD_HOURS = 72;

const statement = text({ error: errorCode('DISPUTE_STATEMENT') }).min(10, errorCode('DISPUTE_STATEMENT')).max(ORDER_NOTE_MAX, errorCode('STATEMENT_TOO_LONG'));
const files = z.array(z.uuid()).max(ORDER_MAX_FILES, errorCode('ORDER_TOO_MANY_FILES')).optional().default([]);
/** An amount in major units: positive, at most two decimals' worth of meaning (rounded to minor units by the server). */
const amount = numeric(z.number({ error: errorCode('AMOUNT_INVALID') }).finite(errorCode('AMOUNT_INVALID')).positive(errorCode('AMOUNT_INVALID')).max(1_000_000, errorCode('AMOUNT_INVALID')));

/** `POST /api/orders/{id}/dispute` (buyer). */
export const disputeInput = z.object({ reason: z.enum(DISPUTE_REASON_LIST, { error: errorCode('DISPUTE_REASON') }), statement, files });
/** `POST /api/orders/{id}/dispute/response` (designer). */
export const disputeResponseInput = z.object({ statement, files });
/** `POST /api/orders/{id}/partial-refund` (designer). */
export const partialRefundInput = z.object({ amount, note: text().max(ORDER_NOTE_MAX).optional().default('') });

/** `POST /api/admin/disputes/{orderId}/resolve`. */
export const resolveDisputeInput = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOME_LIST, { error: errorCode('DISPUTE_OUTCOME') }),
    buyerAmount: numeric(z.number({ error: errorCode('AMOUNT_INVALID') }).finite().min(0, errorCode('AMOUNT_INVALID'))).optional(),
    designerAmount: numeric(z.number({ error: errorCode('AMOUNT_INVALID') }).finite().min(0, errorCode('AMOUNT_INVALID'))).optional(),
  })
  .superRefine((v, issue) => {
    if (v.outcome !== 'split') return;
    for (const key of ['buyerAmount', 'designerAmount'] as const)
      if (v[key] === undefined || v[key] === 0) issue.addIssue({ code: 'custom', path: [key], message: errorCode('DISPUTE_SPLIT_AMOUNTS') });
  });

/** An IBAN as people type it (spaces, lower case) becomes its electronic form, then must pass its checksum. */
export const ibanField = line({ error: errorCode('IBAN_INVALID') }, { digits: true })
  .transform((v) => electronicFormatIBAN(v) ?? '')
  .refine((v) => isValidIBAN(v), errorCode('IBAN_INVALID'));

/**
 * `PUT /api/payouts/details`, with the current password: a stolen session alone cannot send the money elsewhere
 * (docs/decisions/0051).
 */
const password = currentPasswordField('FILL_IN_PASSWORD');
export const payoutDetailsInput = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank'),
    password,
    accountHolder: line({ error: errorCode('FILL_IN_ACCOUNT_HOLDER') }).min(2, errorCode('FILL_IN_ACCOUNT_HOLDER')).max(140),
    iban: ibanField,
    bankName: line({ error: errorCode('FILL_IN_BANK_NAME') }).min(2, errorCode('FILL_IN_BANK_NAME')).max(140),
  }),
  z.object({ method: z.literal('stripe'), password, stripeAccount: line({ error: errorCode('STRIPE_ACCOUNT_INVALID') }).regex(/^acct_[A-Za-z0-9]{6,64}$/, errorCode('STRIPE_ACCOUNT_INVALID')) }),
]);
export type PayoutDetailsInput = z.input<typeof payoutDetailsInput>;

/** `POST /api/payouts`. */
export const payoutRequestInput = z.object({ amount });
/**
 * `POST /api/admin/payouts/{id}/paid` and `/rejected`. The reference of the bank transfer; not asked for a payout
 * that Stripe pays by a Transfer (its id becomes the reference), so the server checks that it is present otherwise.
 */
export const payoutPaidInput = z.object({ reference: line({ error: errorCode('PAYOUT_REFERENCE') }).min(1, errorCode('PAYOUT_REFERENCE')).max(140).optional() });
export const payoutRejectedInput = z.object({ reason: text({ error: errorCode('PAYOUT_REJECT_REASON') }).min(1, errorCode('PAYOUT_REJECT_REASON')).max(ORDER_NOTE_MAX) });

// DisputeJson, RefundOfferJson, PayoutDetailsJson, PayoutJson, BalanceLineJson, PayoutsJson, AdminPayoutJson and
// PlatformTotalsJson: derived from the response schemas in ../responses/money.ts.
