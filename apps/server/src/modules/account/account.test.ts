import { asc, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, EXPORT_FILES, isDeletedUsername, MESSAGES } from '@cusp/shared';
import { emailChanges, notifications, orderEvents, orders, payments, prescriptionPresets, services, sessions, users } from '../../db/schema/index.js';
import { newUserInput, sessionCookieOf, signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, endPayoutHold, expectLedgerBalanced, GOOD_CARD, savePayoutDetails } from '../../../test/orders.js';
import { applyAdminCommand } from '../admin/index.js';
import { hashToken } from '../auth/index.js';

// A payout minimum below one order's share (22.50), so a designer can withdraw it before deleting the account.
const { app, ctx } = await useTestApp({ PAYOUT_MINIMUM: '10' });
// Some tests pay orders (export, deletion with open orders): the books must balance after each (ADR 0035).
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: Session | string | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url, payload, headers: who ? { cookie: typeof who === 'string' ? who : who.cookie, ...headers } : headers });

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in once more as the same user (another device); returns that session's cookie. */
async function anotherDevice(email: string, password: string, userAgent = SAFARI_PHONE, remoteAddress = '192.0.2.7') {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieOf(res);
}

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const mailsTo = (to: string) => ctx.mailer.sent.filter((m) => m.to === to);
const linkIn = (text: string) => /https?:\/\/\S+\/api\/account\/email\/confirm\?token=\S+/.exec(text)![0];
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

/** Buyer orders and pays: the order is in progress, its price in escrow. */
async function paidOrder() {
  const seller = await designerWithService(app);
  const buyer = await signUpAndLogin(app);
  const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: seller.service._id, quantity: 1 });
  expect(intent.statusCode, intent.body).toBe(201);
  const { _id: paymentId, orderId } = intent.json();
  expect((await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId })).statusCode).toBe(200);
  return { ...seller, buyer, orderId: orderId as string };
}

async function uploadFile(who: Session, name: string) {
  const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data: binaryStl() }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

/** A paid order delivered, accepted and reviewed by the buyer: finished, nothing in escrow. */
async function reviewedOrder() {
  const o = await paidOrder();
  const design = await uploadFile(o.designer, 'crown.stl');
  expect((await call(o.designer, 'POST', `/api/orders/${o.orderId}/deliver`, { files: [design._id] })).statusCode).toBe(200);
  expect((await call(o.buyer, 'POST', `/api/orders/${o.orderId}/accept`)).statusCode).toBe(200);
  expect((await call(o.buyer, 'POST', '/api/reviews', { orderId: o.orderId, star: 5, desc: 'Perfect fit.' })).statusCode).toBe(201);
  return o;
}

describe('every account route is for a signed-in owner', () => {
  it('refuses visitors with 401 before looking at the body', async () => {
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/account'],
      ['PATCH', '/api/account', { emailLanguage: 'ar' }],
      ['POST', '/api/account/password', {}],
      ['POST', '/api/account/email', {}],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
      ['DELETE', `/api/account/sessions/${crypto.randomUUID()}`],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account', { password: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(MESSAGES.loginRequired);
      // A cookie naming no session is a visitor too.
      expect((await call('cusp_session=forged', method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('language of e-mails', () => {
  it('is English until changed, then mail comes in Arabic', async () => {
    const session = await signUpAndLogin(app);
    const account = await call(session, 'GET', '/api/account');
    expect(account.json()).toMatchObject({ email: session.input.email, emailLanguage: 'en', pendingEmail: null, username: session.input.username });

    const bad = await call(session, 'PATCH', '/api/account', { emailLanguage: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ emailLanguage: ACCOUNT_MESSAGES.languageRequired });
    expect((await call(session, 'PATCH', '/api/account', {})).json().fieldErrors).toEqual({ emailLanguage: ACCOUNT_MESSAGES.languageRequired });

    const changed = await call(session, 'PATCH', '/api/account', { emailLanguage: 'ar' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().emailLanguage).toBe('ar');
    const [row] = await ctx.db.select({ emailLanguage: users.emailLanguage }).from(users).where(eq(users.id, session.user._id));
    expect(row!.emailLanguage).toBe('ar');

    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: session.input.email } });
    await ctx.jobs.drain();
    expect(mailsTo(session.input.email).at(-1)!.subject).toBe('إعادة تعيين كلمة مرور Cusp');
  });
});

describe('changing the password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const session = await signUpAndLogin(app);
    const { email, password } = session.input;
    const phone = await anotherDevice(email, password);
    const spy = vi.spyOn(ctx.realtime, 'disconnectSession');

    const wrong = await call(session, 'POST', '/api/account/password', { currentPassword: 'not-my-password', newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_MESSAGES.wrongPassword, fieldErrors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } });
    expect((await me(phone)).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(200);

    const invalid = await call(session, 'POST', '/api/account/password', { currentPassword: password, newPassword: 'short', confirmPassword: 'other' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fieldErrors).sort()).toEqual(['confirmPassword', 'newPassword']);
    expect((await call(session, 'POST', '/api/account/password', {})).json().fieldErrors).toHaveProperty('currentPassword');

    const done = await call(session, 'POST', '/api/account/password', { currentPassword: password, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged, endedSessions: 2 }); // the phone and the extra login above

    expect((await me(session.cookie)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    const phoneHash = hashToken(phone.split('=')[1]!);
    expect(spy).toHaveBeenCalledWith(phoneHash);
    expect(spy).not.toHaveBeenCalledWith(hashToken(session.cookie.split('=')[1]!));
    spy.mockRestore();
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('is rate-limited per user', async () => {
    const session = await signUpAndLogin(app);
    const body = { currentPassword: 'wrong-password-0', newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await call(session, 'POST', '/api/account/password', body)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('changing the e-mail address', () => {
  it('happens only when the link sent to the new address is opened, once', async () => {
    const session = await signUpAndLogin(app);
    const { email: oldEmail, password } = session.input;
    const newEmail = newUserInput().email;

    const wrong = await call(session, 'POST', '/api/account/email', { email: newEmail, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.wrongPassword });
    expect((await call(session, 'POST', '/api/account/email', { email: 'nope', password })).json().fieldErrors).toHaveProperty('email');
    expect((await call(session, 'POST', '/api/account/email', { email: oldEmail.toUpperCase(), password })).json().fieldErrors).toEqual({ email: ACCOUNT_MESSAGES.sameEmail });
    expect(mailsTo(newEmail)).toHaveLength(0);

    const asked = await call(session, 'POST', '/api/account/email', { email: newEmail.toUpperCase(), password });
    await ctx.jobs.drain();
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent, pendingEmail: newEmail });
    expect(mailsTo(oldEmail).at(-1)!.text).toContain(newEmail);
    const link = linkIn(mailsTo(newEmail).at(-1)!.text);
    // Only the hash is stored.
    const token = new URL(link).searchParams.get('token')!;
    const [stored] = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, session.user._id));
    expect(stored!.tokenHash).toBe(hashToken(token));

    // Nothing has changed yet.
    expect((await me(session.cookie)).json().user.email).toBe(oldEmail);
    expect((await call(session, 'GET', '/api/account')).json().pendingEmail).toBe(newEmail);
    expect((await login(newEmail, password)).statusCode).toBe(401);

    // Opened in any browser, signed in or not.
    const opened = await app.inject({ method: 'GET', url: pathOf(link) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/settings/email-confirmed?status=changed');
    expect((await me(session.cookie)).json().user.email).toBe(newEmail);
    expect((await call(session, 'GET', '/api/account')).json().pendingEmail).toBeNull();
    expect((await login(newEmail, password)).statusCode).toBe(200);
    expect((await login(oldEmail, password)).statusCode).toBe(401);
    await ctx.jobs.drain();
    expect(mailsTo(oldEmail).at(-1)!.subject).toBe('Your Cusp email address was changed');

    // Single use.
    const again = await app.inject({ method: 'GET', url: pathOf(link) });
    expect(again.headers.location).toBe('/settings/email-confirmed?status=invalid');
    expect((await app.inject({ method: 'GET', url: '/api/account/email/confirm' })).headers.location).toBe('/settings/email-confirmed?status=invalid');
  });

  it('refuses an address already registered, with the sentence sign-up gives', async () => {
    const session = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const res = await call(session, 'POST', '/api/account/email', { email: other.input.email, password: session.input.password });
    await ctx.jobs.drain();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MESSAGES.emailTaken, code: 'EMAIL_TAKEN', fieldErrors: { email: MESSAGES.emailTaken }, fieldCodes: { email: 'EMAIL_TAKEN' } });
    expect(mailsTo(other.input.email).filter((m) => m.text.includes('/api/account/email/confirm'))).toHaveLength(0);
  });

  it('expires, and a newer request replaces the older link; an address taken meanwhile is refused at the link', async () => {
    const session = await signUpAndLogin(app);
    const { password } = session.input;
    const first = newUserInput().email;
    const second = newUserInput().email;
    await call(session, 'POST', '/api/account/email', { email: first, password });
    await ctx.jobs.drain();
    const firstLink = linkIn(mailsTo(first).at(-1)!.text);
    await call(session, 'POST', '/api/account/email', { email: second, password });
    await ctx.jobs.drain();
    const secondLink = linkIn(mailsTo(second).at(-1)!.text);
    expect((await app.inject({ method: 'GET', url: pathOf(firstLink) })).headers.location).toBe('/settings/email-confirmed?status=invalid');

    await ctx.db.update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, session.user._id));
    expect((await app.inject({ method: 'GET', url: pathOf(secondLink) })).headers.location).toBe('/settings/email-confirmed?status=invalid');
    expect((await me(session.cookie)).json().user.email).toBe(session.input.email);

    const third = newUserInput().email;
    await call(session, 'POST', '/api/account/email', { email: third, password });
    await ctx.jobs.drain();
    const thirdLink = linkIn(mailsTo(third).at(-1)!.text);
    await signUpAndLogin(app, { email: third });
    expect((await app.inject({ method: 'GET', url: pathOf(thirdLink) })).headers.location).toBe('/settings/email-confirmed?status=taken');
    expect((await me(session.cookie)).json().user.email).toBe(session.input.email);
  });
});

describe('sessions', () => {
  it('lists the devices, this one first, and ends one or all the others', async () => {
    const session = await signUpAndLogin(app);
    const { email, password } = session.input;
    const laptop = await anotherDevice(email, password, FIREFOX, '198.51.100.4');
    const phone = await anotherDevice(email, password);

    const list = await call(laptop, 'GET', '/api/account/sessions');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{ id: string; current: boolean; browser: string | null; os: string | null; ip: string | null; createdAt: string; lastSeenAt: string }>;
    expect(rows).toHaveLength(3);
    // The address is the one last seen: this list was asked for from 127.0.0.1.
    expect(rows[0]).toMatchObject({ current: true, browser: 'Firefox', os: 'Windows', ip: '127.0.0.1' });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows.find((r) => r.browser === 'Safari')).toMatchObject({ os: 'iOS', ip: '192.0.2.7', current: false });
    for (const r of rows) {
      expect(Number.isNaN(Date.parse(r.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(r.lastSeenAt))).toBe(false);
      expect(JSON.stringify(r)).not.toContain(hashToken(laptop.split('=')[1]!));
    }

    // Someone else's session is answered like an unknown one.
    const stranger = await signUpAndLogin(app);
    const phoneId = rows.find((r) => r.browser === 'Safari')!.id;
    expect((await call(stranger, 'DELETE', `/api/account/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', '/api/account/sessions/not-a-uuid')).statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);

    const spy = vi.spyOn(ctx.realtime, 'disconnectSession');
    expect((await call(laptop, 'DELETE', `/api/account/sessions/${phoneId}`)).statusCode).toBe(204);
    expect(spy).toHaveBeenCalledWith(hashToken(phone.split('=')[1]!));
    expect((await me(phone)).statusCode).toBe(401);
    expect((await call(laptop, 'DELETE', `/api/account/sessions/${phoneId}`)).statusCode).toBe(404);

    const others = await call(laptop, 'DELETE', '/api/account/sessions');
    expect(others.json()).toEqual({ ended: 1 });
    expect(spy).toHaveBeenCalledWith(hashToken(session.cookie.split('=')[1]!));
    spy.mockRestore();
    expect((await me(session.cookie)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(stranger.cookie)).statusCode).toBe(200);
    expect((await call(laptop, 'GET', '/api/account/sessions')).json()).toHaveLength(1);

    // Ending this device's own session signs it out here.
    const ownId = rows[0]!.id;
    const own = await call(laptop, 'DELETE', `/api/account/sessions/${ownId}`);
    expect(own.statusCode).toBe(204);
    expect(own.cookies.find((c) => c.name === 'cusp_session')?.value).toBe('');
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it('records when a session was last used', async () => {
    const session = await signUpAndLogin(app);
    const tokenHash = hashToken(session.cookie.split('=')[1]!);
    const old = new Date(Date.now() - 3600_000);
    await ctx.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.tokenHash, tokenHash));
    await me(session.cookie);
    const [row] = await ctx.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 3000_000);
  });
});

describe('download my data', () => {
  it("is a ZIP of the user's own data as JSON files, and nobody else's", async () => {
    const o = await paidOrder();
    const { buyer, designer } = o;
    const conversation = (await call(buyer, 'POST', '/api/conversations', { to: designer.user._id })).json();
    await call(buyer, 'POST', '/api/messages', { conversationID: conversation._id, description: 'Margin on 21, please.', clientId: crypto.randomUUID() });
    // A third person's conversation with the same designer.
    const third = await signUpAndLogin(app);
    const theirs = (await call(third, 'POST', '/api/conversations', { to: designer.user._id })).json();
    await call(third, 'POST', '/api/messages', { conversationID: theirs._id, description: 'Secret of the third person.', clientId: crypto.randomUUID() });

    const res = await call(buyer, 'GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cusp-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip).sort()).toEqual([...EXPORT_FILES].sort());
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!));

    expect(json('profile.json')).toMatchObject({ _id: buyer.user._id, email: buyer.input.email, phone: buyer.input.phone, emailLanguage: 'en' });
    expect(json('services.json')).toEqual([]);
    const orders = json('orders.json');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: o.orderId, role: 'buyer', status: 'in_progress', seller: { id: designer.user._id } });
    expect(orders[0].timeline.map((e: { type: string }) => e.type)).toEqual(['created', 'paid']);
    const talks = json('messages.json');
    expect(talks).toHaveLength(1);
    expect(talks[0].with.id).toBe(designer.user._id);
    expect(talks[0].messages.some((m: { text: string; fromMe: boolean }) => m.text === 'Margin on 21, please.' && m.fromMe)).toBe(true);
    expect(json('files.json')).toEqual({ sharedFiles: [], orderFiles: [], chatAttachments: [] });
    expect(json('sessions.json')[0]).toMatchObject({ current: true });

    const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join('\n');
    expect(everything).not.toContain('Secret of the third person.');
    expect(everything).not.toContain(third.input.email);
    expect(everything).not.toContain(designer.input.email);
    expect(everything).not.toContain('$argon2');

    // The designer's download holds the service.
    const designerZip = unzipSync(new Uint8Array((await call(designer, 'GET', '/api/account/export')).rawPayload));
    const theirServices = JSON.parse(strFromU8(designerZip['services.json']!));
    expect(theirServices.map((s: { id: string }) => s.id)).toEqual([o.service._id]);
    expect(JSON.parse(strFromU8(designerZip['orders.json']!))[0]).toMatchObject({ role: 'designer', buyer: { id: buyer.user._id } });
  });
});

/** The designer asks for a payout of `amount` to a bank account saved three days ago (docs/decisions/0051). */
async function requestPayout(designer: Session & { input: { password: string } }, amount: number) {
  if ((await call(designer, 'GET', '/api/payouts/details')).json() === null) {
    const saved = await savePayoutDetails(app, designer, { method: 'bank', accountHolder: 'Lina Haddad', iban: 'SA03 8000 0000 6080 1016 7519', bankName: 'Al Rajhi Bank' });
    expect(saved.statusCode, saved.body).toBe(200);
    await endPayoutHold(ctx.db, designer.user._id);
  }
  const res = await call(designer, 'POST', '/api/payouts', { amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

let admin: Session | undefined;
/** An administrator marks the payout paid. */
async function markPaid(id: string) {
  if (!admin) {
    const made = await signUpAndLogin(app);
    await applyAdminCommand(ctx.db, 'grant', made.input.email);
    admin = made;
  }
  const res = await call(admin, 'POST', `/api/admin/payouts/${id}/paid`, { reference: 'TRX-1' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('deleting the account', () => {
  it('is refused while an order is in progress, for the buyer and the designer', async () => {
    const o = await paidOrder();
    for (const who of [o.buyer, o.designer]) {
      const res = await call(who, 'DELETE', '/api/account', { password: who.input.password });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.ordersInProgress, code: 'ACCOUNT_ORDERS_IN_PROGRESS' });
      expect((await me(who.cookie)).statusCode).toBe(200);
    }
  });

  it('is refused while money of an order is held in escrow', async () => {
    const o = await paidOrder();
    // An order whose status moved on without its escrow (only possible by a fault, but money is money).
    await ctx.db.execute(sql`update orders set status = 'completed' where id = ${o.orderId}`);
    const res = await call(o.buyer, 'DELETE', '/api/account', { password: o.buyer.input.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.moneyInEscrow);
    // The fault undone, so the books balance again for the ledger check after each test.
    await ctx.db.execute(sql`update orders set status = 'in_progress' where id = ${o.orderId}`);
  });

  it('is refused while money is available or a payout pending, saying how much and what to do; nothing is deleted', async () => {
    const o = await reviewedOrder(); // 25.00 less the 10% fee: 22.50 available to the designer
    const { designer } = o;
    const refuse = async (message: string) => {
      const res = await call(designer, 'DELETE', '/api/account', { password: designer.input.password });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'ACCOUNT_MONEY_TO_WITHDRAW', message });
      expect((await me(designer.cookie)).statusCode).toBe(200);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, designer.user._id));
      expect(row).toMatchObject({ email: designer.input.email, deletedAt: null, isDesigner: true });
      const [service] = await ctx.db.select({ hidden: services.hidden }).from(services).where(eq(services.id, o.service._id));
      expect(service!.hidden).toBe(false);
    };
    await refuse('You still have $22.50 available. Request a payout of it (or contact support if it is below the smallest payout), then delete your account.');
    const first = await requestPayout(designer, 10);
    await refuse('You still have $12.50 available and a payout of $10.00 pending. Request a payout of what is available and wait for the pending one to be paid (or contact support), then delete your account.');
    const second = await requestPayout(designer, 12.5);
    await markPaid(first);
    await refuse('A payout of $12.50 is still pending. Wait until it is paid (or contact support), then delete your account.');
    await markPaid(second);
    const res = await call(designer, 'DELETE', '/api/account', { password: designer.input.password });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("cancels unpaid orders by the orders' cancel step: a leaving designer's buyer is told, nobody hears of a leaving buyer's draft", async () => {
    const leaving = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    const draft = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: leaving.service._id, quantity: 1 })).json();
    const staying = await designerWithService(app);
    const leavingBuyer = await signUpAndLogin(app);
    const abandoned = (await call(leavingBuyer, 'POST', '/api/payments/intents', { type: 'service', id: staying.service._id, quantity: 1 })).json();

    const pushes = vi.spyOn(ctx.realtime, 'toUsers');
    for (const who of [leaving.designer, leavingBuyer]) {
      const res = await call(who, 'DELETE', '/api/account', { password: who.input.password });
      expect(res.statusCode, res.body).toBe(200);
    }
    const updated = pushes.mock.calls.filter(([, event]) => event === 'order:updated').map(([, , payload]) => payload);
    pushes.mockRestore();
    expect(updated).toEqual([
      { orderId: draft.orderId, status: 'cancelled' },
      { orderId: abandoned.orderId, status: 'cancelled' },
    ]);

    for (const [intent, actor] of [
      [draft, leaving.designer],
      [abandoned, leavingBuyer],
    ] as const) {
      const [order] = await ctx.db.select({ status: orders.status, cancelledAt: orders.cancelledAt }).from(orders).where(eq(orders.id, intent.orderId));
      expect(order).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });
      const events = await ctx.db.select({ type: orderEvents.type, actorId: orderEvents.actorId, note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, intent.orderId)).orderBy(asc(orderEvents.createdAt));
      expect(events.map((e) => e.type)).toEqual(['created', 'cancelled']);
      expect(events[1]).toEqual({ type: 'cancelled', actorId: actor.user._id, note: 'account deleted' });
      // The open payment attempt is closed: it can no longer be paid.
      const [payment] = await ctx.db.select({ status: payments.status, failureReason: payments.failureReason }).from(payments).where(eq(payments.id, intent._id));
      expect(payment).toEqual({ status: 'failed', failureReason: 'account deleted' });
    }
    expect((await call(buyer, 'POST', `/api/payments/${draft._id}/sandbox-pay`, GOOD_CARD)).statusCode).toBe(409);

    const noticesOf = (orderId: string) => ctx.db.select({ kind: notifications.kind, userId: notifications.userId, params: notifications.params }).from(notifications).where(eq(notifications.link, `/orders/${orderId}`));
    expect(await noticesOf(draft.orderId)).toEqual([{ kind: 'order_cancelled', userId: buyer.user._id, params: expect.objectContaining({ refunded: false }) }]);
    // The designer never saw the leaving buyer's draft: nothing to tell them.
    expect(await noticesOf(abandoned.orderId)).toEqual([]);
  });

  it('asks for the password', async () => {
    const session = await signUpAndLogin(app);
    const wrong = await call(session, 'DELETE', '/api/account', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.wrongPassword });
    expect((await call(session, 'DELETE', '/api/account', {})).statusCode).toBe(400);
    expect((await me(session.cookie)).statusCode).toBe(200);
  });

  it("removes the buyer's personal data, keeps the order and review as a deleted user's, and logs out", async () => {
    const o = await reviewedOrder();
    const { buyer, designer } = o;
    await ctx.db.insert(prescriptionPresets).values({ userId: buyer.user._id, name: 'Mine', design: {} as never });
    const phone = await anotherDevice(buyer.input.email, buyer.input.password);
    await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: buyer.input.email } });
    const spy = vi.spyOn(ctx.realtime, 'disconnectSession');

    const res = await call(buyer, 'DELETE', '/api/account', { password: buyer.input.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(res.cookies.find((c) => c.name === 'cusp_session')?.value).toBe('');
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();

    expect((await me(buyer.cookie)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await login(buyer.input.email, buyer.input.password)).statusCode).toBe(401);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, buyer.user._id));
    expect(isDeletedUsername(row!.username)).toBe(true);
    expect(row).toMatchObject({ phone: '', image: null, description: null, website: null });
    expect(row!.email).not.toBe(buyer.input.email);
    expect(row!.email).toMatch(/@deleted\.invalid$/);
    expect(row!.passwordHash).not.toMatch(/^\$argon2/);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, buyer.user._id))).toEqual([]);
    expect(await ctx.db.select().from(prescriptionPresets).where(eq(prescriptionPresets.userId, buyer.user._id))).toEqual([]);
    const subscribers = await ctx.db.execute(sql`select 1 from newsletter_subscribers where email = ${buyer.input.email}`);
    expect((subscribers as unknown as { rows: unknown[] }).rows).toEqual([]);
    const dump = JSON.stringify(await ctx.db.execute(sql`select * from users where id = ${buyer.user._id}`));
    expect(dump).not.toContain(buyer.input.username);
    expect(dump).not.toContain(buyer.input.phone);

    // The designer still has the order, its review, and the conversation, from a deleted user.
    const order = (await call(designer, 'GET', `/api/orders/${o.orderId}`)).json();
    expect(order.status).toBe('completed');
    expect(isDeletedUsername(order.buyerID?.username ?? order.buyer?.username)).toBe(true);
    const reviewList = (await app.inject({ method: 'GET', url: `/api/reviews?serviceId=${o.service._id}` })).json();
    expect(reviewList).toHaveLength(1);
    expect(isDeletedUsername(reviewList[0].buyer.username)).toBe(true);
    const conversations = (await call(designer, 'GET', '/api/conversations')).json();
    expect(conversations.some((c: { buyerID: { username: string } }) => isDeletedUsername(c.buyerID.username))).toBe(true);
    const profile = (await app.inject({ method: 'GET', url: `/api/users/profile/${buyer.user._id}` })).json();
    expect(isDeletedUsername(profile.username)).toBe(true);

    // The old address can sign up again: it belongs to nobody now.
    const again = await app.inject({ method: 'POST', url: '/api/auth/register', payload: newUserInput({ email: buyer.input.email }), remoteAddress: '203.0.113.99' });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("hides a designer's services and takes them off the designer list", async () => {
    const o = await reviewedOrder();
    await markPaid(await requestPayout(o.designer, 22.5)); // their money withdrawn first
    const res = await call(o.designer, 'DELETE', '/api/account', { password: o.designer.input.password });
    expect(res.statusCode, res.body).toBe(200);
    const [service] = await ctx.db.select({ hidden: services.hidden }).from(services).where(eq(services.id, o.service._id));
    expect(service!.hidden).toBe(true);
    const designers = (await app.inject({ method: 'GET', url: '/api/users?isDesigner=true&limit=100' })).json() as Array<{ _id: string }>;
    expect(designers.map((d) => d._id)).not.toContain(o.designer.user._id);
    // The buyer still sees the order, from a deleted user.
    const order = (await call(o.buyer, 'GET', `/api/orders/${o.orderId}`)).json();
    expect(order.status).toBe('completed');
    expect(JSON.stringify(order)).not.toContain(o.designer.input.username);
  });
});
