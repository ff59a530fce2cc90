import { eq, sql } from 'drizzle-orm';
import { courses, creditNotes, documentCounters, orders, payments, receipts, type DocumentSeries } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';

/**
 * Receipts and credit notes (docs/decisions/0042), issued by the ledger's own bookings so that no
 * payment is booked without its receipt and no refund without its credit note, in the same transaction.
 */

const PREFIX: Record<DocumentSeries, string> = { receipt: 'CUSP', credit_note: 'CUSP-CN' };

/** `CUSP-2026-000123`, `CUSP-CN-2026-000045`. */
export const documentNumber = (series: DocumentSeries, year: number, seq: number) => `${PREFIX[series]}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * The next number of a series for the year. The upsert locks the year's counter row until the caller's transaction
 * ends: a second confirmation waits for the first, and a rollback gives the number back, so the series has no gaps.
 */
async function nextNumber(tx: Tx, series: DocumentSeries, now: Date) {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.series, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  const seq = row!.last;
  return { year, seq, number: documentNumber(series, year, seq) };
}

/** The receipt of a payment just confirmed: what was paid, for what, to whom, and the platform's fee in it. */
export async function issueReceipt(tx: Tx, paymentId: string, fee: number, feePercent: number, now = new Date()) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error(`no payment ${paymentId} to issue a receipt for`);
  // An extra revision (docs/decisions/0041) is paid for its order: its receipt belongs to the order, titled as what it bought.
  const forOrder = payment.itemType === 'service' || payment.itemType === 'revision';
  const [item] = forOrder
    ? await tx.select({ title: orders.title, designerId: orders.sellerId }).from(orders).where(eq(orders.id, payment.itemId))
    : await tx.select({ title: courses.title, designerId: courses.creatorId }).from(courses).where(eq(courses.id, payment.itemId));
  if (!item) throw new Error(`payment ${paymentId} pays for nothing`);
  const { year, seq, number } = await nextNumber(tx, 'receipt', now);
  await tx.insert(receipts).values({
    number,
    year,
    seq,
    paymentId,
    buyerId: payment.userId,
    designerId: item.designerId,
    itemType: forOrder ? 'service' : 'course',
    itemId: payment.itemId,
    title: payment.itemType === 'revision' ? `Extra revision: ${item.title}` : item.title,
    amount: payment.amount,
    fee,
    feeBasisPoints: Math.round(feePercent * 100),
    currency: payment.currency,
    issuedAt: now,
  });
}

/** A credit note for `amount` (minor units) given back on a payment's receipt. */
export async function issueCreditNote(tx: Tx, paymentId: string, amount: number, now = new Date()) {
  const [receipt] = await tx.select({ id: receipts.id, currency: receipts.currency }).from(receipts).where(eq(receipts.paymentId, paymentId));
  if (!receipt) throw new Error(`refund of payment ${paymentId}, which has no receipt`);
  const { year, seq, number } = await nextNumber(tx, 'credit_note', now);
  await tx.insert(creditNotes).values({ number, year, seq, receiptId: receipt.id, amount, currency: receipt.currency, issuedAt: now });
}
