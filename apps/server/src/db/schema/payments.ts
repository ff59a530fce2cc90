import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const PAYMENT_STATUSES = ['requires_payment', 'requires_action', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One attempt to take money for an order or a course (docs/product.md §6.2, §6.3). `id` is the `payment_intent` /
 * `transactionId` the browser carries; `providerRef` is the provider's own id (Stripe pi_..., Moyasar uuid).
 * `usedAt` is set once, when the payment confirms its order or enrolment, so it can never be used twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    itemType: text('item_type', { enum: ['service', 'course', 'revision'] }).notNull(),
    /** The order (service payments, and an extra revision's: docs/product.md §5.4) or the course (course payments) this payment is for. */
    itemId: uuid('item_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'moyasar'] }).notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_payment'),
    /** Card brand and last four digits for the receipt; never the card number. */
    cardLabel: text('card_label'),
    failureReason: text('failure_reason'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_item_idx').on(t.itemType, t.itemId),
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Webhook events already acted on: the same event delivered twice acts once (docs/product.md §6.3). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_unique').on(t.provider, t.eventId)],
);

/**
 * `funding`: money that came in through the payment provider (negative: the buyers' side); `escrow`: held for open
 * orders; `designer`: a designer's available money (per user); `platform`: fees; `refunded`: gone back to buyers;
 * `payout_reserved`: asked for by a designer, not yet sent (per user); `paid_out`: sent to designers (per user).
 */
export const LEDGER_ACCOUNTS = ['funding', 'escrow', 'designer', 'platform', 'refunded', 'payout_reserved', 'paid_out'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const LEDGER_KINDS = ['payment', 'release', 'fee', 'refund', 'split', 'sale', 'payout_reserved', 'payout_paid', 'payout_rejected'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every movement of money, double-entry (docs/decisions/0010, 0035): each movement is a set of entries summing to
 * zero, a payment taken included (`funding` minus, `escrow` or `designer` + `platform` plus), so the sum over the
 * platform is always zero. `userId` names the designer for `designer`, `payout_reserved` and `paid_out` entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The payment the money came with; null for a payout's entries. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id'),
    orderId: uuid('order_id'),
    courseId: uuid('course_id'),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_payment_idx').on(t.paymentId),
    index('ledger_user_idx').on(t.userId, t.account),
    index('ledger_order_idx').on(t.orderId),
    index('ledger_payout_idx').on(t.payoutId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
