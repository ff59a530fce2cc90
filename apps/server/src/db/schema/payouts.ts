import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Where a designer's payouts go (docs/decisions/0036): a bank account (IBAN, checked by its checksum) or a
 * Stripe Connect account. Read only by its owner and administrators, and shown masked. The bank account (holder,
 * IBAN, bank) is sealed with AES-256-GCM in `sealed` (docs/decisions/0043); the Stripe account id is an identifier
 * that moves no money by itself and stays readable, as a Transfer needs it.
 */
export const payoutDetails = pgTable('payout_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['bank', 'stripe'] }).notNull(),
  /** `{ accountHolder, iban, bankName }` as JSON, sealed for this user (platform/secrets/sealed-box.ts). */
  sealed: text('sealed'),
  /**
   * Where the bank account was kept in clear before migration 0018: emptied into `sealed` at start
   * (sealLegacyPayoutDetails), never written; to be dropped by a later migration.
   */
  legacyAccountHolder: text('account_holder'),
  legacyIban: text('iban'),
  legacyBankName: text('bank_name'),
  stripeAccount: text('stripe_account'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the destination (method, IBAN or Stripe account) last changed, the first save included: payouts to it are
   * held for 72 hours after (docs/decisions/0051). Editing only the holder's or the bank's name leaves it.
   */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;

/** A designer's request to withdraw money: reserved when requested, then paid (with a reference) or rejected. Minor units. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: ['bank', 'stripe'] }).notNull(),
    /** The masked destination as it was when requested (the details may change later). */
    destination: text('destination').notNull(),
    /** The Stripe Connect account (`acct_...`) as it was when requested: where a Transfer pays this payout. */
    stripeAccount: text('stripe_account'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    reference: text('reference'),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_requested_idx').on(t.createdAt).where(sql`status = 'requested'`),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type PayoutDetailsRow = typeof payoutDetails.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
