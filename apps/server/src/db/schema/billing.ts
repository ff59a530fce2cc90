import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payments } from './payments.js';
import { users } from './users.js';

export const DOCUMENT_SERIES = ['receipt', 'credit_note'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/**
 * The last number given in each series and year (docs/decisions/0042). It is bumped by an upsert in the
 * transaction that confirms the payment or books the refund: the row stays locked until that transaction ends, so
 * numbers are handed out one at a time, and a transaction that rolls back takes its number back with it: no gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: DOCUMENT_SERIES }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * One receipt per successful payment (an order's or a course's), issued with the payment's confirmation. The
 * amounts are copied as they were then; names are the parties' current ones when the PDF is made.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `CUSP-2026-000123`. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    designerId: uuid('designer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    itemType: text('item_type', { enum: ['service', 'course'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    title: text('title').notNull(),
    /** Minor units: what the buyer paid, and the platform's fee in it at the rate of the day (taken from the designer's part). */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    /** The fee rate then, in hundredths of a percent (1000 = 10%). */
    feeBasisPoints: integer('fee_basis_points').notNull(),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_number_unique').on(t.number),
    uniqueIndex('receipts_year_seq_unique').on(t.year, t.seq),
    uniqueIndex('receipts_payment_unique').on(t.paymentId),
    index('receipts_buyer_idx').on(t.buyerId, t.issuedAt),
    index('receipts_designer_idx').on(t.designerId, t.issuedAt),
    check('receipts_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.fee} <= ${t.amount}`),
  ],
);

/** Money given back on a receipt (a cancellation, a refund, a split or an accepted partial refund): its own series, `CUSP-CN-2026-000045`. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'restrict' }),
    /** Minor units given back; less than the receipt's amount for a partial refund. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_unique').on(t.number),
    uniqueIndex('credit_notes_year_seq_unique').on(t.year, t.seq),
    index('credit_notes_receipt_idx').on(t.receiptId),
    check('credit_notes_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
