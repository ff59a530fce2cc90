import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, payoutDetails } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, endPayoutHold, expectLedgerBalanced, GOOD_CARD, savePayoutDetails } from '../../../test/orders.js';
import { applyAdminCommand } from '../admin/index.js';
import { sealLegacyPayoutDetails } from './index.js';

/** Payouts (docs/decisions/0036): details, requests that reserve, decisions that happen once; books balanced. */
const { app, ctx } = await useTestApp({ PAYOUT_MINIMUM: '10' });
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string }; input: { password: string; email: string; username: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const admin = await signUpAndLogin(app);
await applyAdminCommand(ctx.db, 'grant', admin.input.email);
const BANK = { method: 'bank', accountHolder: 'Lina Haddad', iban: 'sa03 8000 0000 6080 1016 7519', bankName: 'Al Rajhi Bank' };

/** A designer with three completed orders of 25.00: 67.50 available. */
async function designerWithEarnings() {
  const { designer, service } = await designerWithService(app);
  for (let i = 0; i < 3; i += 1) {
    const buyer = await signUpAndLogin(app);
    const intent = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).json();
    await call(buyer, 'POST', `/api/payments/${intent._id}/sandbox-pay`, GOOD_CARD);
    await call(buyer, 'PATCH', '/api/orders', { payment_intent: intent._id });
    const body = multipart({}, [{ field: 'file', name: 'd.stl', type: 'application/octet-stream', data: binaryStl() }]);
    const file = (await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } })).json();
    await call(designer, 'POST', `/api/orders/${intent.orderId}/deliver`, { files: [file._id] });
    expect((await call(buyer, 'POST', `/api/orders/${intent.orderId}/accept`)).statusCode).toBe(200);
  }
  return designer;
}

const payoutsOf = async (who: Session) => (await call(who, 'GET', '/api/payouts')).json();
const save = (who: Session, details: object) => savePayoutDetails(app, who, details as Record<string, unknown>);
/** Saved, and the 72-hour hold on the new destination over (docs/decisions/0051). */
async function saveAndWait(who: Session, details: object) {
  expect((await save(who, details)).statusCode).toBe(200);
  await endPayoutHold(ctx.db, who.user._id);
}

describe('payout details', () => {
  it('checks the IBAN by its checksum, stores it for the owner and administrators only, and shows it masked', async () => {
    const designer = await signUpAndLogin(app);
    expect((await call(null, 'GET', '/api/payouts/details')).statusCode).toBe(401);
    expect((await call(designer, 'GET', '/api/payouts/details')).json()).toBeNull();
    const bad = await save(designer, { ...BANK, iban: 'SA03 8000 0000 6080 1016 7518' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('iban');
    const noStripe = await save(designer, { method: 'stripe', stripeAccount: 'acct_1234567890' });
    expect(noStripe.statusCode).toBe(400); // the sandbox is the provider here
    expect(noStripe.json().fieldErrors).toHaveProperty('method');

    const saved = await save(designer, BANK);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ method: 'bank', accountHolder: 'Lina Haddad', iban: 'SA03 •••• 7519', bankName: 'Al Rajhi Bank' });
    expect(JSON.stringify((await call(designer, 'GET', '/api/payouts/details')).json())).not.toContain('6080');
    // Sealed at rest (ADR 0043): nothing of the account in clear in the row, whichever column one reads.
    const stored = JSON.stringify(await ctx.db.execute(sql`select * from payout_details where user_id = ${designer.user._id}`));
    for (const clear of ['SA0380000000608010167519', '6080', '7519', 'Lina Haddad', 'Al Rajhi']) expect(stored).not.toContain(clear);
    const [row] = await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, designer.user._id));
    expect(row).toMatchObject({ legacyIban: null, legacyAccountHolder: null, legacyBankName: null, sealed: expect.stringMatching(/^v1\./) });
    // Another member sees only their own (none), never this one.
    const other = await signUpAndLogin(app);
    expect((await call(other, 'GET', '/api/payouts/details')).json()).toBeNull();
  });
});

describe('a stolen session cannot redirect the money (docs/decisions/0051)', () => {
  const OTHER_IBAN = 'GB82 WEST 1234 5698 7654 32';
  // The mails about payouts (not the sign-up's address confirmation).
  const mailsTo = (to: string) => ctx.mailer.sent.filter((m) => m.to === to && !m.text.includes('/verify-email?token='));
  const detailsOf = async (who: Session) => (await call(who, 'GET', '/api/payouts/details')).json();

  it('asks for the current password: missing or wrong is a 400 on the password field and saves nothing', async () => {
    const designer = await signUpAndLogin(app);
    const missing = await call(designer, 'PUT', '/api/payouts/details', BANK);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('password');
    const wrong = await call(designer, 'PUT', '/api/payouts/details', { ...BANK, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fieldErrors: { password: 'The password is not correct.' } });
    expect(await detailsOf(designer)).toBeNull();
    expect(await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, designer.user._id))).toEqual([]);

    // Saved details stay as they were when a change comes without the right password.
    await saveAndWait(designer, BANK);
    const before = await detailsOf(designer);
    for (const password of [undefined, 'not-my-password']) {
      const res = await call(designer, 'PUT', '/api/payouts/details', { ...BANK, iban: OTHER_IBAN, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('password');
    }
    expect(await detailsOf(designer)).toEqual(before);
    expect(before).toMatchObject({ iban: 'SA03 •••• 7519', holdUntil: null });
  });

  it('mails the owner at each change, with no more of the account than its last four characters', async () => {
    const designer = await signUpAndLogin(app);
    expect((await save(designer, BANK)).statusCode).toBe(200);
    await ctx.jobs.drain();
    expect(mailsTo(designer.input.email)).toHaveLength(1);
    const [first] = mailsTo(designer.input.email);
    expect(first!.subject).toBe('Your Cusp payout details were changed');
    expect(first!.text).toContain('a bank account ending in 7519');
    for (const part of ['SA0380000000608010167519', '6080', '1016', 'sa03 8000']) expect(first!.text).not.toContain(part);

    // The same details again: nothing changed, nothing to say.
    expect((await save(designer, BANK)).statusCode).toBe(200);
    await ctx.jobs.drain();
    expect(mailsTo(designer.input.email)).toHaveLength(1);

    // A new IBAN, in the member's language.
    expect((await call(designer, 'PATCH', '/api/account', { emailLanguage: 'ar' })).statusCode).toBe(200);
    expect((await save(designer, { ...BANK, iban: OTHER_IBAN })).statusCode).toBe(200);
    await ctx.jobs.drain();
    const second = mailsTo(designer.input.email)[1]!;
    expect(second.subject).toBe('تغيّرت بيانات السحب في حسابك على Cusp');
    expect(second.text).toContain('5432');
    for (const part of ['GB82WEST12345698765432', '98765432', 'WEST']) expect(second.text).not.toContain(part);
    // Nobody else is told.
    expect(ctx.mailer.sent.filter((m) => m.text.includes(designer.input.username) && !m.text.includes('/verify-email?token=')).map((m) => m.to)).toEqual([designer.input.email, designer.input.email]);
  });

  it('holds payouts for 72 hours after the destination changes, the first one included; then they go through', async () => {
    const designer = await designerWithEarnings();
    const savedAt = Date.now();
    const saved = (await save(designer, BANK)).json();
    expect(Date.parse(saved.changedAt)).toBeGreaterThanOrEqual(savedAt - 1000);
    expect(Date.parse(saved.holdUntil) - Date.parse(saved.changedAt)).toBe(72 * 3600_000);
    expect(await detailsOf(designer)).toMatchObject({ changedAt: saved.changedAt, holdUntil: saved.holdUntil });

    const held = await call(designer, 'POST', '/api/payouts', { amount: 20 });
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('PAYOUT_DESTINATION_HELD');
    expect(held.json().message).toContain(`clears on ${saved.holdUntil.slice(0, 10)} ${saved.holdUntil.slice(11, 16)} UTC`);
    expect(await payoutsOf(designer)).toMatchObject({ available: 67.5, reserved: 0, payouts: [] });

    await endPayoutHold(ctx.db, designer.user._id);
    expect(await detailsOf(designer)).toMatchObject({ holdUntil: null });
    const paid = await call(designer, 'POST', '/api/payouts', { amount: 20 });
    expect(paid.statusCode, paid.body).toBe(201);

    // Only the holder's or the bank's name edited: the same account, no new hold (the owner is still told).
    expect((await save(designer, { ...BANK, bankName: 'Al Rajhi' })).json()).toMatchObject({ holdUntil: null });
    await ctx.jobs.drain();
    expect(ctx.mailer.sent.filter((m) => m.to === designer.input.email).at(-1)!.text).toContain('It is the same account, so payouts continue as before.');
    expect((await call(designer, 'POST', '/api/payouts', { amount: 10 })).statusCode).toBe(201);
    // Another IBAN: held again.
    expect((await save(designer, { ...BANK, iban: OTHER_IBAN })).json().holdUntil).not.toBeNull();
    expect((await call(designer, 'POST', '/api/payouts', { amount: 10 })).json().code).toBe('PAYOUT_DESTINATION_HELD');
  });

  it('a payout requested before a change is not marked paid to the new details until the hold is over', async () => {
    const designer = await designerWithEarnings();
    await saveAndWait(designer, BANK);
    const id = (await call(designer, 'POST', '/api/payouts', { amount: 40 })).json()._id;
    expect((await save(designer, { ...BANK, iban: OTHER_IBAN })).statusCode).toBe(200);
    const listed = (await call(admin, 'GET', '/api/admin/payouts')).json().find((p: { _id: string }) => p._id === id);
    expect(listed.details).toMatchObject({ iban: 'GB82WEST12345698765432', holdUntil: expect.any(String) });
    const refused = await call(admin, 'POST', `/api/admin/payouts/${id}/paid`, { reference: 'TRX-9' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYOUT_DESTINATION_HELD');
    expect(await payoutsOf(designer)).toMatchObject({ reserved: 40, payouts: [{ _id: id, status: 'requested' }] });
    // Rejecting it (the money back to the designer) stays possible; paying waits for the hold.
    await endPayoutHold(ctx.db, designer.user._id);
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/paid`, { reference: 'TRX-9' })).statusCode).toBe(200);
  });

  it("another member can neither read nor change someone's details, even knowing their password", async () => {
    const owner = await signUpAndLogin(app, { password: 'owners-own-secret-7', confirmPassword: 'owners-own-secret-7' });
    const thief = await signUpAndLogin(app);
    await saveAndWait(owner, BANK);
    const before = await detailsOf(owner);
    expect(await detailsOf(thief)).toBeNull();
    // The password is checked against the session's own account: the owner's does not open it.
    const withOwners = await call(thief, 'PUT', '/api/payouts/details', { ...BANK, iban: OTHER_IBAN, password: owner.input.password });
    expect(withOwners.statusCode).toBe(400);
    expect(withOwners.json().fieldErrors).toHaveProperty('password');
    // With their own password they change their own details only.
    expect((await save(thief, { ...BANK, iban: OTHER_IBAN })).statusCode).toBe(200);
    expect(await detailsOf(owner)).toEqual(before);
    expect(await detailsOf(thief)).toMatchObject({ iban: 'GB82 •••• 5432' });
  });
});

describe('payout details kept in clear before migration 0018', () => {
  it('are sealed at start, once, and still read by their owner (masked) and administrators (in full)', async () => {
    const designer = await designerWithEarnings();
    await ctx.db.insert(payoutDetails).values({ userId: designer.user._id, method: 'bank', legacyAccountHolder: 'Omar Saleh', legacyIban: 'SA4420000001234567891234', legacyBankName: 'SNB' });
    expect(await sealLegacyPayoutDetails(ctx)).toBe(1);
    expect(await sealLegacyPayoutDetails(ctx)).toBe(0);
    await endPayoutHold(ctx.db, designer.user._id); // saved long before migration 0023, say
    const [row] = await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, designer.user._id));
    expect(row).toMatchObject({ legacyIban: null, legacyAccountHolder: null, legacyBankName: null });
    expect(JSON.stringify(row)).not.toContain('1234567891234');
    expect((await call(designer, 'GET', '/api/payouts/details')).json()).toMatchObject({ accountHolder: 'Omar Saleh', iban: 'SA44 •••• 1234', bankName: 'SNB' });
    const id = (await call(designer, 'POST', '/api/payouts', { amount: 10 })).json()._id;
    const listed = (await call(admin, 'GET', '/api/admin/payouts')).json().find((p: { _id: string }) => p._id === id);
    expect(listed.details).toEqual({ accountHolder: 'Omar Saleh', iban: 'SA4420000001234567891234', bankName: 'SNB', stripeAccount: null, holdUntil: null });
  });

  it('a sealed value moved to another member\'s row does not open there', async () => {
    const [owner, thief] = [await signUpAndLogin(app), await signUpAndLogin(app)];
    await saveAndWait(owner, BANK);
    await saveAndWait(thief, { ...BANK, accountHolder: 'Someone Else' });
    const [sealedOfOwner] = await ctx.db.select({ sealed: payoutDetails.sealed }).from(payoutDetails).where(eq(payoutDetails.userId, owner.user._id));
    await ctx.db.update(payoutDetails).set({ sealed: sealedOfOwner!.sealed }).where(eq(payoutDetails.userId, thief.user._id));
    // Unreadable details count as none: the member is asked to enter them again.
    expect((await call(thief, 'GET', '/api/payouts/details')).json()).toBeNull();
    expect((await call(thief, 'POST', '/api/payouts', { amount: 10 })).statusCode).toBe(409);
  });
});

describe('payouts', () => {
  it('requested (reserved), paid by an administrator once; the balance and history follow', async () => {
    const designer = await designerWithEarnings();
    expect((await call(designer, 'POST', '/api/payouts', { amount: 20 })).statusCode).toBe(409); // no details yet
    await saveAndWait(designer, BANK);
    const small = await call(designer, 'POST', '/api/payouts', { amount: 5 });
    expect(small.statusCode).toBe(400);
    expect(small.json().fieldErrors.amount).toBe('A payout is at least $10.00.');
    const tooMuch = await call(designer, 'POST', '/api/payouts', { amount: 70 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors).toHaveProperty('amount');

    const requested = await call(designer, 'POST', '/api/payouts', { amount: 40 });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ amount: 40, status: 'requested', destination: 'Al Rajhi Bank SA03 •••• 7519' });
    expect((await call(designer, 'GET', '/api/orders/balance')).json()).toMatchObject({ available: 27.5, reserved: 40, escrow: 0 });
    const id = requested.json()._id;

    // Only administrators list and decide; they see the full IBAN to send the money.
    expect((await call(designer, 'GET', '/api/admin/payouts')).statusCode).toBe(403);
    expect((await call(designer, 'POST', `/api/admin/payouts/${id}/paid`, { reference: 'TRX-1' })).statusCode).toBe(403);
    const listed = (await call(admin, 'GET', '/api/admin/payouts')).json().find((p: { _id: string }) => p._id === id);
    expect(listed).toMatchObject({ designer: { _id: designer.user._id }, details: { iban: 'SA0380000000608010167519' }, byTransfer: false });
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/paid`, {})).statusCode).toBe(400);

    const results = await Promise.all([1, 2, 3].map(() => call(admin, 'POST', `/api/admin/payouts/${id}/paid`, { reference: 'TRX-1' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/rejected`, { reason: 'Too late.' })).statusCode).toBe(409);
    const mine = await payoutsOf(designer);
    expect(mine).toMatchObject({ available: 27.5, reserved: 0, paidOut: 40, minimum: 10, payouts: [{ _id: id, status: 'paid', reference: 'TRX-1' }] });
    expect(mine.lines[0]).toMatchObject({ kind: 'payout_reserved', amount: -40, balance: 27.5 });
    const kinds = (await ctx.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, designer.user._id))).map((n) => n.kind);
    expect(kinds).toContain('payout_paid');
    const totals = (await call(admin, 'GET', '/api/admin/totals')).json();
    expect(totals).toMatchObject({ sum: 0 });
    expect(totals.paidOut).toBeGreaterThanOrEqual(40);
  });

  it('rejected: the money returns to available; two requests at once cannot spend the same money', async () => {
    const designer = await designerWithEarnings();
    await saveAndWait(designer, BANK);
    const both = await Promise.all([1, 2].map(() => call(designer, 'POST', '/api/payouts', { amount: 50 })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const id = both.find((r) => r.statusCode === 201)!.json()._id;
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/rejected`, { reason: '' })).statusCode).toBe(400);
    const rejected = await call(admin, 'POST', `/api/admin/payouts/${id}/rejected`, { reason: 'The account holder does not match.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The account holder does not match.' });
    expect((await call(designer, 'GET', '/api/orders/balance')).json()).toMatchObject({ available: 67.5, reserved: 0 });
    expect((await call(admin, 'POST', '/api/admin/payouts/00000000-0000-4000-8000-000000000000/paid', { reference: 'X' })).statusCode).toBe(404);
  });

  it('only an administrator rejects: a buyer, the designer, another designer or a visitor is refused and nothing changes', async () => {
    const designer = await designerWithEarnings();
    await saveAndWait(designer, BANK);
    const requested = await call(designer, 'POST', '/api/payouts', { amount: 40 });
    expect(requested.statusCode, requested.body).toBe(201);
    const id = requested.json()._id as string;
    const url = `/api/admin/payouts/${id}/rejected`;
    const entries = async () => (await ctx.db.execute(sql`select account, amount, kind from ledger_entries where payout_id = ${id} order by kind, account`)) as unknown as { rows: unknown[] };
    const before = { payouts: await payoutsOf(designer), entries: (await entries()).rows };
    expect(before.payouts).toMatchObject({ available: 27.5, reserved: 40, payouts: [{ _id: id, status: 'requested' }] });

    const buyer = await signUpAndLogin(app);
    const { designer: otherDesigner } = await designerWithService(app);
    for (const [who, status] of [[buyer, 403], [designer, 403], [otherDesigner, 403], [null, 401]] as const) {
      const res = await call(who, 'POST', url, { reason: 'The account holder does not match.' });
      expect(res.statusCode, `${who ? who.user._id : 'visitor'}: ${res.body}`).toBe(status);
    }
    // The payout is still requested, its money still reserved, no movement booked and the designer not told.
    expect(await payoutsOf(designer)).toEqual(before.payouts);
    expect((await entries()).rows).toEqual(before.entries);
    const kinds = (await ctx.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, designer.user._id))).map((n) => n.kind);
    expect(kinds).not.toContain('payout_rejected');
    // An administrator still can.
    expect((await call(admin, 'POST', url, { reason: 'The account holder does not match.' })).statusCode).toBe(200);
    expect((await payoutsOf(designer)).payouts[0]).toMatchObject({ _id: id, status: 'rejected' });
  });
});
