import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  fromMinor,
  MONEY_MESSAGES,
  toMinor,
  type AdminPayoutJson,
  type PayoutDetailsJson,
  type payoutDetailsInput,
  type PayoutJson,
  type PayoutsJson,
  type PlatformTotalsJson,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { disputes, payoutDetails, payouts, users, type PayoutDetailsRow, type PayoutRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { balanceOf, bookPayoutDecided, bookPayoutReserved, designerLines, platformTotals } from '../ledger/index.js';
import { notifyPayoutDecided } from '../notifications/index.js';

/**
 * Payouts (issue 20, docs/decisions/0036): a designer's available money, withdrawn to their bank account or Stripe
 * Connect account. A request reserves the money at once (a ledger movement), an administrator then marks it paid or
 * rejected (another one); each decision happens once.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `SA03 •••• 7519`: the country and check digits, and the last four; enough to recognise, not to use. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
const maskAccount = (account: string) => `acct_••••${account.slice(-4)}`;

function toDetailsJson(row: PayoutDetailsRow): PayoutDetailsJson {
  return {
    method: row.method,
    accountHolder: row.accountHolder,
    iban: row.iban ? maskIban(row.iban) : null,
    bankName: row.bankName,
    stripeAccount: row.stripeAccount ? maskAccount(row.stripeAccount) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where the payout goes, as the history shows it. */
const destinationOf = (row: PayoutDetailsRow) => (row.method === 'bank' ? `${row.bankName ?? ''} ${maskIban(row.iban ?? '')}`.trim() : maskAccount(row.stripeAccount ?? ''));

function toPayoutJson(row: PayoutRow): PayoutJson {
  return {
    _id: row.id,
    amount: fromMinor(row.amount, row.currency),
    currency: row.currency,
    method: row.method,
    destination: row.destination,
    status: row.status,
    reference: row.reference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function detailsRow(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId));
  return row ?? null;
}

/** `GET /payouts/details`: the owner's own, masked; null when none are saved. */
export async function getDetails(ctx: AppContext, user: UserRow): Promise<PayoutDetailsJson | null> {
  const row = await detailsRow(ctx, user.id);
  return row ? toDetailsJson(row) : null;
}

/** `PUT /payouts/details`. A Stripe Connect account only when Stripe is the provider (a Transfer needs it). */
export async function saveDetails(ctx: AppContext, user: UserRow, input: z.output<typeof payoutDetailsInput>): Promise<PayoutDetailsJson> {
  if (input.method === 'stripe' && ctx.config.payments.provider !== 'stripe') {
    throw fieldError('PAYOUT_STRIPE_NEEDS_STRIPE', 'method');
  }
  const values =
    input.method === 'bank'
      ? { method: 'bank' as const, accountHolder: input.accountHolder, iban: input.iban, bankName: input.bankName, stripeAccount: null }
      : { method: 'stripe' as const, accountHolder: null, iban: null, bankName: null, stripeAccount: input.stripeAccount };
  const [row] = await ctx.db
    .insert(payoutDetails)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: payoutDetails.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return toDetailsJson(row!);
}

/** `GET /payouts`: the balance (available, reserved, paid out), the payouts, and the running balance's lines. */
export async function listPayouts(ctx: AppContext, user: UserRow): Promise<PayoutsJson> {
  const currency = ctx.config.currency;
  const money = (minor: number) => fromMinor(minor, currency);
  const [balance, rows, lines] = await Promise.all([
    balanceOf(ctx.db, user.id),
    ctx.db.select().from(payouts).where(eq(payouts.userId, user.id)).orderBy(desc(payouts.createdAt)).limit(200),
    designerLines(ctx.db, user.id),
  ]);
  return {
    available: money(balance.available),
    reserved: money(balance.reserved),
    paidOut: money(balance.paidOut),
    minimum: ctx.config.payments.payoutMinimum,
    currency,
    payouts: rows.map(toPayoutJson),
    lines: lines
      .map((l) => ({ kind: l.kind, amount: money(l.amount), balance: money(l.balance), orderId: l.orderId, courseId: l.courseId, payoutId: l.payoutId, createdAt: l.createdAt.toISOString() }))
      .reverse(),
  };
}

/**
 * `POST /payouts`: at least the minimum, at most what is available. The designer's row is locked for the check and
 * the reservation, so two requests sent together cannot both spend the same money.
 */
export async function requestPayout(ctx: AppContext, user: UserRow, amountMajor: number): Promise<PayoutJson> {
  const currency = ctx.config.currency;
  const amount = toMinor(amountMajor, currency);
  const minimum = toMinor(ctx.config.payments.payoutMinimum, currency);
  if (amount < Math.max(minimum, 1)) {
    const message = MONEY_MESSAGES.belowMinimum(formatMoney(fromMinor(Math.max(minimum, 1), currency), currency));
    throw fieldError('PAYOUT_BELOW_MINIMUM', 'amount', message);
  }
  const details = await detailsRow(ctx, user.id);
  if (!details) throw new AppError('PAYOUT_NO_DETAILS');
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const { available } = await balanceOf(tx, user.id);
    if (amount > available) throw fieldError('PAYOUT_NOT_ENOUGH', 'amount');
    const [payout] = await tx.insert(payouts).values({ userId: user.id, amount, currency, method: details.method, destination: destinationOf(details) }).returning();
    await bookPayoutReserved(tx, { payoutId: payout!.id, userId: user.id, amount });
    return payout!;
  });
  return toPayoutJson(row);
}

/** `GET /admin/payouts`: requested first (oldest first), then the decided ones; with the designer and full details. */
export async function adminListPayouts(ctx: AppContext, status: 'requested' | 'paid' | 'rejected' | 'all'): Promise<AdminPayoutJson[]> {
  const rows = await ctx.db
    .select({ p: payouts, designer: { _id: users.id, username: users.username, email: users.email }, d: payoutDetails })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(payoutDetails, eq(payoutDetails.userId, payouts.userId))
    .where(status === 'all' ? undefined : eq(payouts.status, status))
    .orderBy(sql`${payouts.status} <> 'requested'`, status === 'requested' ? payouts.createdAt : desc(payouts.createdAt))
    .limit(200);
  return rows.map((r) => ({
    ...toPayoutJson(r.p),
    designer: r.designer,
    details: r.d ? { accountHolder: r.d.accountHolder, iban: r.d.iban, bankName: r.d.bankName, stripeAccount: r.d.stripeAccount } : null,
  }));
}

/**
 * `POST /admin/payouts/{id}/paid` and `/rejected`: one conditional UPDATE (`status = 'requested'`), so of two
 * administrators deciding at once exactly one does; the money moves and the designer is told in the same transaction.
 */
export async function decidePayout(ctx: AppContext, admin: UserRow, id: string, decision: { paid: true; reference: string } | { paid: false; reason: string }): Promise<PayoutJson> {
  const row = await ctx.db.transaction(async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({
        status: decision.paid ? 'paid' : 'rejected',
        reference: decision.paid ? decision.reference : null,
        reason: decision.paid ? null : decision.reason,
        decidedBy: admin.id,
        decidedAt: new Date(),
      })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
      .returning();
    if (!payout) return null;
    await bookPayoutDecided(tx, { payoutId: payout.id, userId: payout.userId, amount: payout.amount, paid: decision.paid });
    await notifyPayoutDecided(ctx, tx, payout);
    return payout;
  });
  if (row) return toPayoutJson(row);
  const [exists] = UUID.test(id) ? await ctx.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id)) : [];
  throw new AppError(exists ? 'PAYOUT_DECIDED' : 'PAYOUT_NOT_FOUND');
}

/** `GET /admin/totals`: the platform's books. */
export async function adminTotals(ctx: AppContext): Promise<PlatformTotalsJson> {
  const currency = ctx.config.currency;
  const money = (minor: number) => fromMinor(minor, currency);
  const [t, [open]] = await Promise.all([
    platformTotals(ctx.db),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(disputes).where(eq(disputes.status, 'open')),
  ]);
  return {
    currency,
    taken: money(-t.funding),
    escrow: money(t.escrow),
    fees: money(t.platform),
    designersAvailable: money(t.designer),
    payoutsPending: money(t.payout_reserved),
    paidOut: money(t.paid_out),
    refunded: money(t.refunded),
    sum: money(t.sum),
    openDisputes: open?.n ?? 0,
  };
}
