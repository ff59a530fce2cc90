import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerEntries, orders, type LedgerAccount } from '../../db/schema/index.js';

/** A database handle or an open transaction: ledger entries are always written with the state change. */
export type Tx = Pick<Db, 'insert' | 'select' | 'update' | 'execute' | 'delete'>;

type Entry = { account: LedgerAccount; amount: number; kind: (typeof ledgerEntries.$inferInsert)['kind']; userId?: string | null };

async function book(tx: Tx, ref: { paymentId: string; orderId?: string; courseId?: string }, entries: Entry[]) {
  await tx.insert(ledgerEntries).values(entries.map((e) => ({ ...ref, ...e, userId: e.userId ?? null })));
}

/** The platform's share, rounded to the nearest minor unit; the designer gets the rest (never less than 0). */
export const feeOf = (amount: number, feePercent: number) => Math.min(amount, Math.round((amount * feePercent) / 100));

/** Money taken for an order waits in escrow. */
export const bookOrderPayment = (tx: Tx, o: { paymentId: string; orderId: string; amount: number }) =>
  book(tx, o, [{ account: 'escrow', amount: o.amount, kind: 'payment' }]);

/** Completion: escrow out, the designer's share and the platform fee in (sums to zero). */
export function bookRelease(tx: Tx, o: { paymentId: string; orderId: string; amount: number; sellerId: string; feePercent: number }) {
  const fee = feeOf(o.amount, o.feePercent);
  return book(tx, o, [
    { account: 'escrow', amount: -o.amount, kind: 'release' },
    { account: 'designer', amount: o.amount - fee, kind: 'release', userId: o.sellerId },
    ...(fee > 0 ? [{ account: 'platform' as const, amount: fee, kind: 'fee' as const }] : []),
  ]);
}

/** Cancellation: escrow out, back to the buyer's card (sums to zero). */
export const bookRefund = (tx: Tx, o: { paymentId: string; orderId: string; amount: number }) =>
  book(tx, o, [
    { account: 'escrow', amount: -o.amount, kind: 'refund' },
    { account: 'refunded', amount: o.amount, kind: 'refund' },
  ]);

/** A course sale has nothing to wait for: the creator's share and the fee are booked at once. */
export function bookCourseSale(tx: Tx, s: { paymentId: string; courseId: string; amount: number; creatorId: string; feePercent: number }) {
  const fee = feeOf(s.amount, s.feePercent);
  return book(tx, s, [
    { account: 'designer', amount: s.amount - fee, kind: 'sale', userId: s.creatorId },
    ...(fee > 0 ? [{ account: 'platform' as const, amount: fee, kind: 'fee' as const }] : []),
  ]);
}

/** A designer's money: held in escrow for their open orders, and released to them. Minor units. */
export async function balanceOf(db: Db, userId: string): Promise<{ escrow: number; available: number }> {
  const [available] = await db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'designer'), eq(ledgerEntries.userId, userId)));
  const [escrow] = await db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.account, 'escrow'), eq(orders.sellerId, userId), inArray(orders.status, ['in_progress', 'delivered', 'revision_requested'])));
  return { escrow: escrow?.sum ?? 0, available: available?.sum ?? 0 };
}
