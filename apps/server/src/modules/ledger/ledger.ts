import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES } from '@cusp/shared';
import type { Tx } from '../../db/client.js';
import { issueCreditNote, issueReceipt } from './documents.js';
import { recordProviderRefund } from './provider-refunds.js';
import { ledgerEntries, orders, payments, type LedgerAccount, type LedgerKind } from '../../db/schema/index.js';

/** A database handle or an open transaction: ledger entries are always written with the state change. */
export type { Tx };

/** An entry names the movement's payment unless it names its own (a refund spread over several payments). */
type Entry = { account: LedgerAccount; amount: number; kind: LedgerKind; userId?: string | null; paymentId?: string };
type Ref = { paymentId?: string | null; orderId?: string; courseId?: string; payoutId?: string };

/**
 * Books one movement. Every movement sums to zero (docs/decisions/0035), so the sum over the platform stays zero;
 * a movement that would not is a bug, refused before anything is written.
 */
async function book(tx: Tx, ref: Ref, entries: Entry[]) {
  const rows = entries.filter((e) => e.amount !== 0);
  const sum = rows.reduce((total, e) => total + e.amount, 0);
  if (sum !== 0) throw new Error(`unbalanced ledger movement (${sum}): ${JSON.stringify(rows)}`);
  if (rows.length === 0) return;
  await tx.insert(ledgerEntries).values(rows.map((e) => ({ orderId: ref.orderId, courseId: ref.courseId, payoutId: ref.payoutId, ...e, paymentId: e.paymentId ?? ref.paymentId ?? null, userId: e.userId ?? null })));
}

/** The platform's share, rounded to the nearest minor unit; the designer gets the rest (never less than 0). */
export const feeOf = (amount: number, feePercent: number) => Math.min(amount, Math.round((amount * feePercent) / 100));

/**
 * Money taken for an order waits in escrow. Its receipt (docs/decisions/0042) states the fee at today's rate; the fee
 * actually taken is booked when the escrow is settled, on the designer's part only.
 */
export async function bookOrderPayment(tx: Tx, o: { paymentId: string; orderId: string; amount: number; feePercent: number }) {
  await book(tx, o, [
    { account: 'funding', amount: -o.amount, kind: 'payment' },
    { account: 'escrow', amount: o.amount, kind: 'payment' },
  ]);
  await issueReceipt(tx, o.paymentId, feeOf(o.amount, o.feePercent), o.feePercent);
}

/** What a refund takes back from one payment (minor units). */
export type RefundPart = { paymentId: string; amount: number };

/**
 * Spreads a refund over the payments that filled an order's escrow (the order's own, then its extra revisions, issue
 * 18; oldest first): each gives back at most what it took, the latest first, so no receipt is credited beyond its
 * amount and no provider is asked for more than it charged. Parts come back oldest first, without empty ones.
 */
export function refundParts(paid: ReadonlyArray<{ id: string; amount: number }>, refund: number): RefundPart[] {
  let left = refund;
  const parts: RefundPart[] = [];
  for (const payment of [...paid].reverse()) {
    if (left <= 0) break;
    const amount = Math.min(left, payment.amount);
    left -= amount;
    parts.unshift({ paymentId: payment.id, amount });
  }
  if (left > 0) throw new Error(`refund ${refund} exceeds the payments taken (${left} left over)`);
  return parts;
}

/**
 * An order's escrow leaves in one movement: `refunds` of it back to the buyer (one part per payment it goes back to,
 * from `refundParts`), the rest to the designer, less the platform fee on the designer's part only. Completion is a
 * settlement with no refund, a full refund one with no designer part; a split or an accepted partial refund is in
 * between. Each refunded payment gets its own `refunded` entry and its own credit note for exactly its part, on its
 * own receipt (docs/decisions/0042), and goes back to its card through the provider once this commits (`step` names the
 * settlement in the provider's idempotency key: each refunded payment once per step). Returns the fee.
 */
export async function bookSettlement(
  tx: Tx,
  o: { paymentId: string; orderId: string; price: number; refunds: RefundPart[]; sellerId: string; feePercent: number; step: string },
): Promise<{ designer: number; fee: number }> {
  const refund = o.refunds.reduce((total, part) => total + part.amount, 0);
  if (o.refunds.some((part) => part.amount <= 0) || refund > o.price) throw new Error(`refund ${refund} outside 0..${o.price}: ${JSON.stringify(o.refunds)}`);
  const part = o.price - refund;
  const fee = feeOf(part, o.feePercent);
  const kind: LedgerKind = refund === 0 ? 'release' : part === 0 ? 'refund' : 'split';
  await book(tx, o, [
    { account: 'escrow', amount: -o.price, kind },
    ...o.refunds.map((r): Entry => ({ account: 'refunded', amount: r.amount, kind, paymentId: r.paymentId })),
    { account: 'designer', amount: part - fee, kind, userId: o.sellerId },
    { account: 'platform', amount: fee, kind: 'fee' },
  ]);
  for (const r of o.refunds) {
    await issueCreditNote(tx, r.paymentId, r.amount);
    await recordProviderRefund(tx, { paymentId: r.paymentId, amount: r.amount, key: `${r.paymentId}-${o.step}` });
  }
  return { designer: part - fee, fee };
}

/** Completion: escrow out, the designer's share and the platform fee in. */
export const bookRelease = (tx: Tx, o: { paymentId: string; orderId: string; amount: number; sellerId: string; feePercent: number }) =>
  bookSettlement(tx, { ...o, price: o.amount, refunds: [], step: 'release' });

/**
 * Cancellation: escrow out, back to the buyer's card (through the provider once this commits, keyed by the payment:
 * one whole refund per payment), with its credit note; the payment is marked refunded.
 */
export async function bookRefund(tx: Tx, o: { paymentId: string; orderId: string; amount: number }) {
  await book(tx, o, [
    { account: 'escrow', amount: -o.amount, kind: 'refund' },
    { account: 'refunded', amount: o.amount, kind: 'refund' },
  ]);
  await refundWhole(tx, o.paymentId, o.amount);
}

/** A payment given back whole: its credit note, the provider's refund once this commits, and its status. */
async function refundWhole(tx: Tx, paymentId: string, amount: number) {
  await issueCreditNote(tx, paymentId, amount);
  await recordProviderRefund(tx, { paymentId, amount, key: paymentId });
  await tx.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/**
 * A payment the provider took that nothing can use (a second checkout paid for a course already bought): booked in
 * and straight back out, with its receipt and credit note, and refunded to the card once this commits. Every payment
 * the provider confirms thus ends in the ledger. The payment is marked refunded.
 */
export async function bookSurplusPayment(tx: Tx, s: { paymentId: string; courseId?: string; orderId?: string; amount: number }) {
  await book(tx, s, [
    { account: 'funding', amount: -s.amount, kind: 'payment' },
    { account: 'refunded', amount: s.amount, kind: 'refund' },
  ]);
  await issueReceipt(tx, s.paymentId, 0, 0);
  await refundWhole(tx, s.paymentId, s.amount);
}

/** A course sale has nothing to wait for: the creator's share and the fee are booked at once. */
export async function bookCourseSale(tx: Tx, s: { paymentId: string; courseId: string; amount: number; creatorId: string; feePercent: number }) {
  const fee = feeOf(s.amount, s.feePercent);
  await book(tx, s, [
    { account: 'funding', amount: -s.amount, kind: 'payment' },
    { account: 'designer', amount: s.amount - fee, kind: 'sale', userId: s.creatorId },
    { account: 'platform', amount: fee, kind: 'fee' },
  ]);
  await issueReceipt(tx, s.paymentId, fee, s.feePercent);
}

/** A payout requested: the amount leaves the designer's available money and waits, reserved (docs/decisions/0036). */
export const bookPayoutReserved = (tx: Tx, p: { payoutId: string; userId: string; amount: number }) =>
  book(tx, p, [
    { account: 'designer', amount: -p.amount, kind: 'payout_reserved', userId: p.userId },
    { account: 'payout_reserved', amount: p.amount, kind: 'payout_reserved', userId: p.userId },
  ]);

/** A payout paid (sent by the platform) or rejected (the money returns to available). */
export const bookPayoutDecided = (tx: Tx, p: { payoutId: string; userId: string; amount: number; paid: boolean }) =>
  book(tx, p, [
    { account: 'payout_reserved', amount: -p.amount, kind: p.paid ? 'payout_paid' : 'payout_rejected', userId: p.userId },
    p.paid
      ? { account: 'paid_out', amount: p.amount, kind: 'payout_paid', userId: p.userId }
      : { account: 'designer', amount: p.amount, kind: 'payout_rejected', userId: p.userId },
  ]);

const sumOf = sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`;

/** A user's money in one account (minor units). */
async function accountOf(db: Tx, account: LedgerAccount, userId: string): Promise<number> {
  const [row] = await db.select({ sum: sumOf }).from(ledgerEntries).where(and(eq(ledgerEntries.account, account), eq(ledgerEntries.userId, userId)));
  return row?.sum ?? 0;
}

/** A designer's money: held in escrow for their open orders, available to them, and reserved for payouts. Minor units. */
export async function balanceOf(db: Tx, userId: string): Promise<{ escrow: number; available: number; reserved: number; paidOut: number }> {
  const [escrow] = await db
    .select({ sum: sumOf })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerEntries.account, 'escrow'), eq(orders.sellerId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
  const [available, reserved, paidOut] = await Promise.all([accountOf(db, 'designer', userId), accountOf(db, 'payout_reserved', userId), accountOf(db, 'paid_out', userId)]);
  return { escrow: escrow?.sum ?? 0, available, reserved, paidOut };
}

/** The sum of every account over the platform (minor units); `sum` is zero when the books balance. */
export async function platformTotals(db: Tx): Promise<Record<LedgerAccount, number> & { sum: number }> {
  const rows = await db.select({ account: ledgerEntries.account, sum: sumOf }).from(ledgerEntries).groupBy(ledgerEntries.account);
  const totals = { funding: 0, escrow: 0, designer: 0, platform: 0, refunded: 0, payout_reserved: 0, paid_out: 0, sum: 0 };
  for (const row of rows) {
    totals[row.account] = row.sum;
    totals.sum += row.sum;
  }
  return totals;
}

/** A designer's movements of available money, oldest first, with the running balance (for the payouts page and statements). */
export async function designerLines(db: Tx, userId: string, limit = 500) {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'designer'), eq(ledgerEntries.userId, userId)))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id)
    .limit(limit);
  let balance = 0;
  return rows.map((row) => {
    balance += row.amount;
    return { ...row, balance };
  });
}
