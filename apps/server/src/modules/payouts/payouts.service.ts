import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  fromMinor,
  MONEY_MESSAGES,
  PAYOUT_DESTINATION_HOLD_HOURS,
  toMinor,
  type AdminPayoutJson,
  type PayoutDetailsJson,
  type payoutDetailsInput,
  type PayoutJson,
  type PayoutsJson,
  type PlatformTotalsJson,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { disputes, payoutDetails, payouts, users, type PayoutDetailsRow, type PayoutRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { providerFor, ProviderError, type PaymentProvider, type PayoutTransfer } from '../../platform/payments/index.js';
import { payoutDetailsChangedMail } from '../../platform/mail/templates.js';
import { enqueueMail } from '../../platform/mail/queued-mail.js';
import { keyFromFile, parseKey, seal, unseal } from '../../platform/secrets/sealed-box.js';
import { checkPassword } from '../account/index.js';
import { languageOf } from '../auth/index.js';
import { balanceOf, bookPayoutDecided, bookPayoutReserved, designerLines, platformTotals } from '../ledger/index.js';
import { notifyPayoutDecided } from '../notifications/index.js';

/**
 * Payouts (docs/decisions/0036): a designer's available money, withdrawn to their bank account or Stripe
 * Connect account. A request reserves the money at once (a ledger movement), an administrator then marks it paid or
 * rejected (another one); each decision happens once.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `SA03 •••• 7519`: the country and check digits, and the last four; enough to recognise, not to use. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
const maskAccount = (account: string) => `acct_••••${account.slice(-4)}`;

/** The bank account as it is sealed in `payout_details.sealed`. */
interface BankAccount {
  accountHolder: string;
  iban: string;
  bankName: string;
}

/** A details row with its bank account opened (null for a Stripe account, or a value sealed with a lost key). */
type OpenDetails = PayoutDetailsRow & { bank: BankAccount | null };

const keys = new WeakMap<AppContext, Promise<Buffer>>();

/** PAYOUT_DETAILS_KEY, or the key kept under DATA_DIR (made on first use): docs/decisions/0043. */
function detailsKey(ctx: AppContext): Promise<Buffer> {
  let key = keys.get(ctx);
  if (!key) {
    const configured = ctx.config.payments.payoutDetailsKey;
    key = configured ? Promise.resolve(parseKey(configured)!) : keyFromFile(ctx.config.dataDir, 'payout-details').then((k) => k.key);
    keys.set(ctx, key);
  }
  return key;
}

async function openDetails(ctx: AppContext, row: PayoutDetailsRow): Promise<OpenDetails> {
  if (!row.sealed) return { ...row, bank: null };
  const opened = unseal(await detailsKey(ctx), row.sealed, row.userId);
  // Sealed with another key (PAYOUT_DETAILS_KEY changed, or the key file lost): unreadable, to be entered again.
  return { ...row, bank: opened ? (JSON.parse(opened) as BankAccount) : null };
}

/** Whether the row can be paid to: a readable bank account, or a Stripe account. */
const usable = (d: OpenDetails) => (d.method === 'bank' ? d.bank !== null : d.stripeAccount !== null);

const HOLD_MS = PAYOUT_DESTINATION_HOLD_HOURS * 3600_000;

/**
 * Until when payouts to these details wait (docs/decisions/0051): 72 hours after the destination changed, so that the
 * owner, told by mail, can act before money leaves for an account a stolen session entered. Null once over.
 */
export function holdUntilOf(d: Pick<PayoutDetailsRow, 'changedAt'>, now = new Date()): Date | null {
  const until = new Date(d.changedAt.getTime() + HOLD_MS);
  return until > now ? until : null;
}

/** The moment a hold clears, as the server's English sentences say it. */
const heldUntilText = (until: Date) => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function toDetailsJson(d: OpenDetails): PayoutDetailsJson {
  return {
    method: d.method,
    accountHolder: d.bank?.accountHolder ?? null,
    iban: d.bank ? maskIban(d.bank.iban) : null,
    bankName: d.bank?.bankName ?? null,
    stripeAccount: d.stripeAccount ? maskAccount(d.stripeAccount) : null,
    updatedAt: d.updatedAt.toISOString(),
    changedAt: d.changedAt.toISOString(),
    holdUntil: holdUntilOf(d)?.toISOString() ?? null,
  };
}

/** Where the payout goes, as the history shows it. */
const destinationOf = (d: OpenDetails) => (d.method === 'bank' ? `${d.bank?.bankName ?? ''} ${maskIban(d.bank?.iban ?? '')}`.trim() : maskAccount(d.stripeAccount ?? ''));

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

async function detailsRow(ctx: AppContext, userId: string): Promise<OpenDetails | null> {
  const [row] = await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId));
  if (!row) return null;
  const opened = await openDetails(ctx, row);
  return usable(opened) ? opened : null;
}

/**
 * Seals the bank accounts kept in clear before migration 0018 and empties the old columns; run at start, under the
 * start's lock. Each row once (`sealed IS NULL` in the UPDATE). Returns how many it sealed.
 */
export async function sealLegacyPayoutDetails(ctx: AppContext): Promise<number> {
  const legacy = await ctx.db
    .select()
    .from(payoutDetails)
    .where(and(isNull(payoutDetails.sealed), or(isNotNull(payoutDetails.legacyIban), isNotNull(payoutDetails.legacyAccountHolder), isNotNull(payoutDetails.legacyBankName))));
  const key = await detailsKey(ctx);
  let count = 0;
  for (const row of legacy) {
    const bank: BankAccount = { accountHolder: row.legacyAccountHolder ?? '', iban: row.legacyIban ?? '', bankName: row.legacyBankName ?? '' };
    const done = await ctx.db
      .update(payoutDetails)
      .set({ sealed: seal(key, JSON.stringify(bank), row.userId), legacyAccountHolder: null, legacyIban: null, legacyBankName: null })
      .where(and(eq(payoutDetails.userId, row.userId), isNull(payoutDetails.sealed)))
      .returning({ userId: payoutDetails.userId });
    count += done.length;
  }
  return count;
}

/** `GET /payouts/details`: the owner's own, masked; null when none are saved. */
export async function getDetails(ctx: AppContext, user: UserRow): Promise<PayoutDetailsJson | null> {
  const details = await detailsRow(ctx, user.id);
  return details ? toDetailsJson(details) : null;
}

/**
 * `PUT /payouts/details`, with the current password (docs/decisions/0051). A Stripe Connect account only when Stripe
 * is the provider (a Transfer needs it). A new destination (another method, IBAN or Stripe account, or details where
 * there were none or none readable) starts the 72-hour hold; any change is mailed to the account's address.
 */
export async function saveDetails(ctx: AppContext, user: UserRow, input: z.output<typeof payoutDetailsInput>): Promise<PayoutDetailsJson> {
  await checkPassword(ctx, user, input.password, 'password');
  if (input.method === 'stripe' && ctx.config.payments.provider !== 'stripe') {
    throw fieldError('PAYOUT_STRIPE_NEEDS_STRIPE', 'method');
  }
  const bank: BankAccount | null = input.method === 'bank' ? { accountHolder: input.accountHolder, iban: input.iban, bankName: input.bankName } : null;
  const stripeAccount = input.method === 'stripe' ? input.stripeAccount : null;
  const { row } = await ctx.db.transaction(async (tx) => {
    // The row locked so that two saves at once compare with what the other wrote.
    const [existing] = await tx.select().from(payoutDetails).where(eq(payoutDetails.userId, user.id)).for('update');
    const before = existing ? await openDetails(ctx, existing) : null;
    const sameDestination =
      before !== null && usable(before) && before.method === input.method && (bank ? before.bank!.iban === bank.iban : before.stripeAccount === stripeAccount);
    const sameDetails = sameDestination && (!bank || (before.bank!.accountHolder === bank.accountHolder && before.bank!.bankName === bank.bankName));
    const now = new Date();
    const values = {
      method: input.method,
      sealed: bank ? seal(await detailsKey(ctx), JSON.stringify(bank), user.id) : null,
      legacyAccountHolder: null,
      legacyIban: null,
      legacyBankName: null,
      stripeAccount,
      updatedAt: now,
      changedAt: sameDestination ? before.changedAt : now,
    };
    const [saved] = await tx
      .insert(payoutDetails)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: payoutDetails.userId, set: values })
      .returning();
    // The owner is told with the change or not at all (the durable queue, ADR 0053).
    if (!sameDetails) await payoutDetailsChangedNotice(ctx, tx, user, { ...saved!, bank });
    return { row: saved! };
  });
  return toDetailsJson({ ...row, bank });
}

/**
 * Tells the account's own address that its payout details changed (docs/decisions/0051), in the member's language:
 * the new destination by its last four characters only, and when payouts to it may start. Recorded in the change's
 * transaction and sent by the durable queue, keyed by the change's time.
 */
export async function payoutDetailsChangedNotice(ctx: AppContext, tx: Tx, user: UserRow, details: OpenDetails): Promise<void> {
  const last4 = (details.method === 'bank' ? (details.bank?.iban ?? '') : (details.stripeAccount ?? '')).slice(-4);
  const holdUntil = holdUntilOf(details);
  await enqueueMail(tx, `payout-details-changed:${user.id}:${details.updatedAt.toISOString()}`, {
    to: user.email,
    ...payoutDetailsChangedMail({ username: user.username, method: details.method, last4, holdUntil, supportLink: `${ctx.config.publicUrl}/support` }, languageOf(user)),
  });
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
  const held = holdUntilOf(details);
  if (held) throw new AppError('PAYOUT_DESTINATION_HELD', { message: MONEY_MESSAGES.destinationHeldUntil(heldUntilText(held)) });
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const { available } = await balanceOf(tx, user.id);
    if (amount > available) throw fieldError('PAYOUT_NOT_ENOUGH', 'amount');
    const [payout] = await tx
      .insert(payouts)
      .values({ userId: user.id, amount, currency, method: details.method, destination: destinationOf(details), stripeAccount: details.method === 'stripe' ? details.stripeAccount : null })
      .returning();
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
  return Promise.all(
    rows.map(async (r) => {
      const d = r.d ? await openDetails(ctx, r.d) : null;
      return {
        ...toPayoutJson(r.p),
        designer: r.designer,
        byTransfer: paidByTransfer(ctx, r.p),
        details: d
          ? { accountHolder: d.bank?.accountHolder ?? null, iban: d.bank?.iban ?? null, bankName: d.bank?.bankName ?? null, stripeAccount: d.stripeAccount, holdUntil: holdUntilOf(d)?.toISOString() ?? null }
          : null,
      };
    }),
  );
}

/** A payout to a Stripe account, with Stripe (which can transfer) as the provider: paid by a Transfer. */
const paidByTransfer = (ctx: AppContext, payout: PayoutRow) => payout.method === 'stripe' && payout.stripeAccount !== null && providerFor(ctx).transfer !== undefined;

/**
 * `POST /admin/payouts/{id}/paid` and `/rejected`: one conditional UPDATE (`status = 'requested'`), so of two
 * administrators deciding at once exactly one does; the money moves and the designer is told in the same transaction.
 * A payout to a Stripe account, with Stripe as the provider, is paid by a Transfer through the adapter (its id is the
 * reference; idempotent per payout); if Stripe refuses or cannot be reached, nothing changes. Any other payout is
 * paid by hand and needs the reference of that bank transfer, and waits while the details are held (ADR 0051).
 */
export async function decidePayout(ctx: AppContext, admin: UserRow, id: string, decision: { paid: true; reference?: string | undefined } | { paid: false; reason: string }): Promise<PayoutJson> {
  const provider = providerFor(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(payouts)
      .set({
        status: decision.paid ? 'paid' : 'rejected',
        reference: decision.paid ? (decision.reference ?? null) : null,
        reason: decision.paid ? null : decision.reason,
        decidedBy: admin.id,
        decidedAt: new Date(),
      })
      .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
      .returning();
    if (!claimed) return null;
    let payout: PayoutRow = claimed;
    if (decision.paid && paidByTransfer(ctx, payout)) {
      const { ref } = await transferOrRefuse(provider, { id: payout.id, amount: payout.amount, currency: payout.currency, destination: payout.stripeAccount! });
      const [withReference] = await tx.update(payouts).set({ reference: ref }).where(eq(payouts.id, payout.id)).returning();
      payout = withReference!;
    } else if (decision.paid && !decision.reference) {
      throw fieldError('PAYOUT_REFERENCE', 'reference');
    } else if (decision.paid) {
      // Paid by hand to the details the admin list shows, which are the current ones: not while they are held
      // (changed after the request, perhaps by someone with a stolen session; docs/decisions/0051).
      const [current] = await tx.select({ changedAt: payoutDetails.changedAt }).from(payoutDetails).where(eq(payoutDetails.userId, payout.userId));
      const held = current ? holdUntilOf(current) : null;
      if (held) throw new AppError('PAYOUT_DESTINATION_HELD', { message: MONEY_MESSAGES.destinationHeldUntil(heldUntilText(held)) });
    }
    await bookPayoutDecided(tx, { payoutId: payout.id, userId: payout.userId, amount: payout.amount, paid: decision.paid });
    await notifyPayoutDecided(ctx, tx, payout);
    return payout;
  });
  if (row) return toPayoutJson(row);
  const [exists] = UUID.test(id) ? await ctx.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id)) : [];
  throw new AppError(exists ? 'PAYOUT_DECIDED' : 'PAYOUT_NOT_FOUND');
}

/** Stripe unreachable (or failing): 503; Stripe refusing (a 4xx: account not connected, balance too low): 409 with its reason. */
async function transferOrRefuse(provider: PaymentProvider, payout: PayoutTransfer) {
  try {
    return await provider.transfer!(payout);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.status && error.status >= 400 && error.status < 500) throw new AppError('PAYOUT_TRANSFER_REFUSED', { message: MONEY_MESSAGES.transferRefused(error.message) });
    throw new AppError('PAYMENT_PROVIDER_DOWN');
  }
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
