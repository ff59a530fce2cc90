import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { payments, providerRefunds } from '../../db/schema/index.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { providerFor } from '../../platform/payments/index.js';

/** The durable queue's kind for money given back through the payment provider (docs/decisions/0053). */
export const REFUND_JOB = 'refund';

/**
 * Records, in the transaction that books a refund in the ledger, that `amount` of a payment goes back to the card.
 * The provider is asked only after that transaction commits (a refund the ledger never recorded cannot happen), by
 * the `refund` job, with `key` as its idempotency key: however often the job runs, the card is refunded once.
 */
export async function recordProviderRefund(tx: Tx, r: { paymentId: string; amount: number; key: string }): Promise<void> {
  await tx.insert(providerRefunds).values(r).onConflictDoNothing();
  await enqueueJob(tx, REFUND_JOB, `refund:${r.key}`, { key: r.key });
}

/** The `refund` job: asks the provider, then records that it answered (a failure is retried by the queue). */
export async function sendProviderRefund(ctx: AppContext, payload: { key: string }): Promise<void> {
  const [refund] = await ctx.db.select().from(providerRefunds).where(eq(providerRefunds.key, payload.key));
  if (!refund || refund.status === 'sent') return;
  const [payment] = await ctx.db.select({ providerRef: payments.providerRef }).from(payments).where(eq(payments.id, refund.paymentId));
  await providerFor(ctx).refund(payment?.providerRef ?? '', refund.amount, refund.key);
  await ctx.db.update(providerRefunds).set({ status: 'sent', sentAt: new Date() }).where(eq(providerRefunds.key, refund.key));
}
