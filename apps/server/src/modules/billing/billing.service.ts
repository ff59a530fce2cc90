import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromMinor, type BillingDocumentJson, type BillingJson } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { creditNotes, ledgerEntries, orders, payments, payouts, receipts, users, type CreditNoteRow, type ReceiptRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';

/**
 * Receipts, credit notes and statements (docs/decisions/0042). The ledger issues the documents with
 * the money's movements; this module finds them for their readers (the payer, the designer of the item,
 * administrators) and sums a designer's month.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const receiptUrl = (paymentId: string) => `/api/payments/${paymentId}/receipt.pdf`;
const creditNoteUrl = (id: string) => `/api/credit-notes/${id}.pdf`;

/** The payer and the designer read a document; administrators too; anyone else is refused. */
function assertReader(user: UserRow, receipt: Pick<ReceiptRow, 'buyerId' | 'designerId'>) {
  if (user.id !== receipt.buyerId && user.id !== receipt.designerId && !user.isAdmin) throw new AppError('NOT_YOUR_DOCUMENT');
}

/** `GET /api/billing`: the member's receipts and credit notes, as payer or as designer, newest first (`itemId`: one order's or course's). */
export async function listBilling(ctx: AppContext, user: UserRow, itemId?: string): Promise<BillingJson> {
  const mine = and(or(eq(receipts.buyerId, user.id), eq(receipts.designerId, user.id)), itemId ? eq(receipts.itemId, itemId) : undefined);
  const [receiptRows, noteRows, months] = await Promise.all([
    ctx.db.select().from(receipts).where(mine).orderBy(desc(receipts.issuedAt)).limit(500),
    ctx.db
      .select({ note: creditNotes, receipt: receipts })
      .from(creditNotes)
      .innerJoin(receipts, eq(receipts.id, creditNotes.receiptId))
      .where(mine)
      .orderBy(desc(creditNotes.issuedAt))
      .limit(500),
    itemId ? Promise.resolve([]) : statementMonths(ctx, user),
  ]);
  const role = (r: ReceiptRow): 'buyer' | 'designer' => (r.buyerId === user.id ? 'buyer' : 'designer');
  const base = (r: ReceiptRow) => ({ receiptNumber: r.number, paymentId: r.paymentId, role: role(r), itemType: r.itemType, itemId: r.itemId, title: r.title, currency: r.currency });
  const documents: BillingDocumentJson[] = [
    ...receiptRows.map((r) => ({ ...base(r), _id: r.id, kind: 'receipt' as const, number: r.number, amount: fromMinor(r.amount, r.currency), issuedAt: r.issuedAt.toISOString(), pdfUrl: receiptUrl(r.paymentId) })),
    ...noteRows.map(({ note, receipt }) => ({
      ...base(receipt),
      _id: note.id,
      kind: 'credit_note' as const,
      number: note.number,
      amount: fromMinor(note.amount, note.currency),
      issuedAt: note.issuedAt.toISOString(),
      pdfUrl: creditNoteUrl(note.id),
    })),
  ].sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.number.localeCompare(a.number));
  return { documents, statementMonths: months };
}

/** Everything a receipt's PDF says. */
export interface ReceiptView {
  receipt: ReceiptRow;
  buyer: string;
  designer: string;
  quantity: number;
  unitPrice: number;
  cardLabel: string | null;
  provider: string;
  creditNotes: CreditNoteRow[];
}

/** A payment's receipt for one of its readers: 404 when there is none (not paid), 403 for anyone else. */
export async function receiptOf(ctx: AppContext, user: UserRow, paymentId: string): Promise<ReceiptView> {
  const buyer = alias(users, 'buyer');
  const designer = alias(users, 'designer');
  const [row] = UUID.test(paymentId)
    ? await ctx.db
        .select({ receipt: receipts, buyer: buyer.username, designer: designer.username, cardLabel: payments.cardLabel, provider: payments.provider, quantity: orders.quantity, unitPrice: orders.unitPrice })
        .from(receipts)
        .innerJoin(payments, eq(payments.id, receipts.paymentId))
        .innerJoin(buyer, eq(buyer.id, receipts.buyerId))
        .innerJoin(designer, eq(designer.id, receipts.designerId))
        .leftJoin(orders, and(eq(receipts.itemType, 'service'), eq(orders.id, receipts.itemId)))
        .where(eq(receipts.paymentId, paymentId))
    : [];
  if (!row) throw new AppError('RECEIPT_NOT_FOUND');
  assertReader(user, row.receipt);
  const notes = await ctx.db.select().from(creditNotes).where(eq(creditNotes.receiptId, row.receipt.id)).orderBy(asc(creditNotes.issuedAt));
  return {
    receipt: row.receipt,
    buyer: row.buyer,
    designer: row.designer,
    quantity: row.quantity ?? 1,
    unitPrice: row.unitPrice ?? row.receipt.amount,
    cardLabel: row.cardLabel,
    provider: row.provider,
    creditNotes: notes,
  };
}

/** A credit note for one of its receipt's readers. */
export async function creditNoteOf(ctx: AppContext, user: UserRow, id: string): Promise<{ note: CreditNoteRow; view: ReceiptView }> {
  const [note] = UUID.test(id) ? await ctx.db.select().from(creditNotes).where(eq(creditNotes.id, id)) : [];
  if (!note) throw new AppError('CREDIT_NOTE_NOT_FOUND');
  const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.id, note.receiptId));
  return { note, view: await receiptOf(ctx, user, receipt!.paymentId) };
}

// ---- Statements ------------------------------------------------------------------------------------

export type StatementLineKind = 'sale' | 'earning' | 'split' | 'refund' | 'payout_requested' | 'payout_returned' | 'payout_paid';

/** One movement of a designer's month. Minor units; `net` is the change of the available balance. */
export interface StatementLine {
  date: Date;
  kind: StatementLineKind;
  reference: string;
  title: string;
  gross: number;
  fee: number;
  refunded: number;
  payout: number;
  net: number;
  balance: number;
}

export interface Statement {
  month: string;
  designer: string;
  currency: string;
  opening: number;
  closing: number;
  lines: StatementLine[];
  totals: { gross: number; fee: number; refunded: number; payout: number; net: number };
}

/** `2026-11` to its first instant and the next month's, UTC; a month after the current one is refused. */
function monthRange(month: string, now: Date) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, m - 1, 1));
  const end = new Date(Date.UTC(year, m, 1));
  if (start > now) throw fieldError('STATEMENT_MONTH', 'month');
  return { start, end };
}

/** Months in which the member's designer money moved (earnings, refunds of their items, payouts), newest first. */
async function statementMonths(ctx: AppContext, user: UserRow): Promise<string[]> {
  const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await ctx.db
    .selectDistinct({ month })
    .from(ledgerEntries)
    .where(or(eq(ledgerEntries.userId, user.id), inArray(ledgerEntries.paymentId, ctx.db.select({ id: receipts.paymentId }).from(receipts).where(eq(receipts.designerId, user.id)))))
    .orderBy(desc(month))
    .limit(120);
  return rows.map((r) => r.month);
}

/**
 * A designer's month: each sale or settled order (its price, the fee, what went back to the buyer and the designer's
 * part), each payout requested, returned or paid, and the available balance before and after. Only the caller's own.
 */
export async function statementOf(ctx: AppContext, user: UserRow, month: string, now = new Date()): Promise<Statement> {
  const { start, end } = monthRange(month, now);
  const designed = ctx.db.select({ id: receipts.paymentId }).from(receipts).where(eq(receipts.designerId, user.id));
  const [entries, [before]] = await Promise.all([
    ctx.db
      .select({ entry: ledgerEntries, receiptNumber: receipts.number, title: receipts.title, payoutReference: payouts.reference, payoutDestination: payouts.destination })
      .from(ledgerEntries)
      .leftJoin(receipts, eq(receipts.paymentId, ledgerEntries.paymentId))
      .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
      .where(
        and(
          gte(ledgerEntries.createdAt, start),
          lt(ledgerEntries.createdAt, end),
          or(
            and(inArray(ledgerEntries.account, ['designer', 'paid_out']), eq(ledgerEntries.userId, user.id)),
            and(inArray(ledgerEntries.account, ['platform', 'refunded']), inArray(ledgerEntries.paymentId, designed)),
          ),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    ctx.db
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'designer'), eq(ledgerEntries.userId, user.id), lt(ledgerEntries.createdAt, start))),
  ]);

  // A payment's settlement (or a course's sale) is one line; each payout movement is its own.
  const lines: StatementLine[] = [];
  const byPayment = new Map<string, StatementLine>();
  for (const { entry, receiptNumber, title, payoutReference, payoutDestination } of entries) {
    if (entry.payoutId) {
      const kind: StatementLineKind = entry.kind === 'payout_reserved' ? 'payout_requested' : entry.kind === 'payout_rejected' ? 'payout_returned' : 'payout_paid';
      if (entry.account === 'paid_out' || entry.account === 'designer') {
        const paid = entry.account === 'paid_out';
        lines.push({ date: entry.createdAt, kind, reference: (paid ? payoutReference : null) ?? entry.payoutId.slice(0, 8).toUpperCase(), title: payoutDestination ?? '', gross: 0, fee: 0, refunded: 0, payout: paid ? entry.amount : 0, net: paid ? 0 : entry.amount, balance: 0 });
      }
      continue;
    }
    if (!entry.paymentId) continue;
    let line = byPayment.get(entry.paymentId);
    if (!line) {
      line = { date: entry.createdAt, kind: 'earning', reference: receiptNumber ?? '', title: title ?? '', gross: 0, fee: 0, refunded: 0, payout: 0, net: 0, balance: 0 };
      byPayment.set(entry.paymentId, line);
      lines.push(line);
    }
    line.date = entry.createdAt;
    if (entry.account === 'designer') {
      line.net += entry.amount;
      line.gross += entry.amount;
      line.kind = entry.kind === 'sale' ? 'sale' : entry.kind === 'split' ? 'split' : 'earning';
    } else if (entry.account === 'platform') {
      line.fee += entry.amount;
      line.gross += entry.amount;
    } else if (entry.account === 'refunded') {
      line.refunded += entry.amount;
    }
  }
  // Money back with a designer's part is a split (an accepted partial refund or an administrator's split).
  for (const line of lines) if (line.refunded > 0) line.kind = line.gross > 0 ? 'split' : 'refund';
  const opening = before?.sum ?? 0;
  let balance = opening;
  for (const line of lines) {
    balance += line.net;
    line.balance = balance;
  }
  const totals = { gross: 0, fee: 0, refunded: 0, payout: 0, net: 0 };
  for (const line of lines) for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += line[key];
  return { month, designer: user.username, currency: ctx.config.currency, opening, closing: balance, lines, totals };
}
