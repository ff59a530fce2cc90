import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import type { PaymentProvider } from './provider.js';

/**
 * The built-in provider (docs/product.md §6.2): no network. Its "card network" is the sandbox-pay endpoint, which
 * records the outcome of the test card on our payment row; fetching reads it back from there.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: 'sandbox',
    publishableKey: null,
    async start(payment) {
      return { ref: `sbx_${payment.id.replaceAll('-', '')}` };
    },
    async fetch(ref) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerRef, ref)))
        .limit(1);
      return row ? { ref, status: row.status, amount: row.amount, currency: row.currency, paymentId: row.id } : null;
    },
    async refund() {},
    verifyWebhook() {
      return null;
    },
  };
}
