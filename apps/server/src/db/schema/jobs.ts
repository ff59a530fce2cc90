import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments } from './payments.js';

/**
 * The durable job queue (docs/decisions/0053): what must happen because of a change (a mail, a refund at the payment
 * provider, a sign-in alert) is written here in the change's own transaction and carried out afterwards by
 * platform/jobs/queue.ts, with retries, on whichever instance claims it first. `key` makes recording it idempotent:
 * the same effect recorded twice (a retried request) is one job.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Set while an instance works on it; a job whose lease ran out (its instance died) is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAfter).where(sql`${t.doneAt} is null`)],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * Money given back through the payment provider: recorded with the ledger's refund in one transaction, sent by the
 * `refund` job with `key` as the provider's idempotency key, and marked `sent` once the provider has answered.
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    key: text('key').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'sent'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('provider_refunds_payment_idx').on(t.paymentId)],
);
