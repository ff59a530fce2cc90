import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, emailVerifications, payments, payoutDetails, services, users } from '../../db/schema/index.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { LIMITS } from '../../platform/rate-limit/limits.js';
import { newServiceInput, newUserInput, sessionCookieOf, signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { designerWithService } from '../../../test/orders.js';
import { applyAdminCommand } from '../admin/index.js';
import { coursesApi, VIDEO } from '../courses/test-support.js';

/** Verified e-mail addresses (docs/decisions/0050): the link mailed at sign-up, resending it, and what waits for it. */
const { app, ctx } = await useTestApp();

type Session = { cookie: string };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const me = async (who: Session) => (await call(who, 'GET', '/api/auth/me')).json().user;
const verify = (token: string, who: Session | null = null) => call(who, 'POST', '/api/auth/verify-email', { token });

const SUBJECT = 'Confirm your Cusp email address';
const mailsTo = (to: string) => ctx.mailer.sent.filter((m: MailMessage) => m.to === to && m.subject === SUBJECT);
/** The token of the newest confirmation link mailed to `to`. */
function tokenMailedTo(to: string): string {
  const mail = mailsTo(to).at(-1);
  if (!mail) throw new Error(`no confirmation mail to ${to}`);
  const url = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  expect(url.origin + url.pathname).toBe('http://localhost:3000/verify-email');
  return url.searchParams.get('token')!;
}

/** A new member as after signing up: signed in, address not confirmed. */
const unverified = () => signUpAndLogin(app, {}, { verified: false });
const verifiedAt = async (id: string) => (await ctx.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, id)))[0]!.at;

describe('the link mailed at sign-up', () => {
  it('confirms the address once: unverified after sign-up, verified after the link, 410 when used again', async () => {
    const input = newUserInput();
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress: '198.51.100.1' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.emailVerified).toBe(false);
    await ctx.jobs.drain();
    expect(mailsTo(input.email)).toHaveLength(1);
    const token = tokenMailedTo(input.email);
    // Stored hashed: the token itself is nowhere in the database.
    expect(await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, token))).toEqual([]);

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password } });
    const session = { cookie: sessionCookieOf(login) };
    expect(login.json().user.emailVerified).toBe(false);

    // Opened in any browser, signed in or not.
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your email address is confirmed.' });
    expect((await me(session)).emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'VERIFY_LINK_INVALID', message: 'This verification link is invalid or has expired.' });
  });

  it('refuses an expired, unknown or malformed token with a 4xx and changes nothing', async () => {
    const session = await unverified();
    const token = tokenMailedTo(session.input.email);
    await ctx.db.update(emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerifications.userId, session.user._id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('VERIFY_LINK_INVALID');
    expect((await verify('not-a-token-at-all')).statusCode).toBe(410);
    const empty = await verify('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION');
    expect((await call(null, 'POST', '/api/auth/verify-email', {})).statusCode).toBe(400);
    expect(await verifiedAt(session.user._id)).toBeNull();
    expect((await me(session)).emailVerified).toBe(false);
  });

  it("confirms only the account it was sent to: another member using it does not become verified", async () => {
    const owner = await unverified();
    const other = await unverified();
    const ownersToken = tokenMailedTo(owner.input.email);
    expect((await verify(ownersToken, other)).statusCode).toBe(200);
    expect((await me(other)).emailVerified).toBe(false);
    expect((await me(owner)).emailVerified).toBe(true);
    // ...and the other's own link still works for them.
    expect((await verify(tokenMailedTo(other.input.email), other)).statusCode).toBe(200);
    expect((await me(other)).emailVerified).toBe(true);
  });

  it('does not confirm an address changed since the link was sent', async () => {
    const session = await unverified();
    const token = tokenMailedTo(session.input.email);
    await ctx.db.update(users).set({ email: `changed-${session.input.email}` }).where(eq(users.id, session.user._id));
    expect((await verify(token)).statusCode).toBe(410);
    expect(await verifiedAt(session.user._id)).toBeNull();
  });

  it('writes the first mail in the language the member signed up in, and keeps it for later ones', async () => {
    const input = newUserInput();
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress: '198.51.100.77', cookies: { lang: 'ar' } });
    expect(reg.statusCode, reg.body).toBe(201);
    await ctx.jobs.drain();
    expect(ctx.mailer.sent.findLast((m) => m.to === input.email)!.subject).toBe('أكّد عنوان بريدك في Cusp');
    const [row] = await ctx.db.select({ lang: users.emailLanguage }).from(users).where(eq(users.email, input.email));
    expect(row!.lang).toBe('ar');
    // Without the web app's cookie, the browser's Accept-Language says it; anything else is English.
    const other = newUserInput();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: other, remoteAddress: '198.51.100.78', headers: { 'accept-language': 'ar-SA,ar;q=0.9' } });
    const english = newUserInput();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: english, remoteAddress: '198.51.100.79', headers: { 'accept-language': 'fr-FR' } });
    const langs = await ctx.db.select({ email: users.email, lang: users.emailLanguage }).from(users);
    expect(langs.find((u) => u.email === other.email)!.lang).toBe('ar');
    expect(langs.find((u) => u.email === english.email)!.lang).toBe('en');
  });

  it('writes the link in the member’s language', async () => {
    const session = await unverified();
    await call(session, 'PATCH', '/api/account', { emailLanguage: 'ar' });
    expect((await call(session, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(200);
    await ctx.jobs.drain();
    const mail = ctx.mailer.sent.findLast((m) => m.to === session.input.email)!;
    expect(mail.subject).toBe('أكّد عنوان بريدك في Cusp');
    expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
  });
});

describe('sending the link again', () => {
  it('mails a new link to a signed-in, unconfirmed member; both links work until one is used', async () => {
    const session = await unverified();
    const first = tokenMailedTo(session.input.email);
    const res = await call(session, 'POST', '/api/auth/verify-email/resend');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'We have sent a new confirmation link to your email address.' });
    await ctx.jobs.drain();
    expect(mailsTo(session.input.email)).toHaveLength(2);
    const second = tokenMailedTo(session.input.email);
    expect(second).not.toBe(first);
    expect((await verify(second)).statusCode).toBe(200);
    // Once confirmed, the older link is spent as well.
    expect((await verify(first)).statusCode).toBe(410);
  });

  it('asks for a session, refuses a confirmed member (409), and is limited per member (429)', async () => {
    expect((await call(null, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(401);
    const confirmed = await signUpAndLogin(app);
    const already = await call(confirmed, 'POST', '/api/auth/verify-email/resend');
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('EMAIL_ALREADY_VERIFIED');

    const session = await unverified();
    for (let i = 0; i < LIMITS.verifyMailUser.points; i++) expect((await call(session, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(200);
    await ctx.jobs.drain();
    const sent = mailsTo(session.input.email).length;
    const limited = await call(session, 'POST', '/api/auth/verify-email/resend');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    await ctx.jobs.drain();
    expect(mailsTo(session.input.email)).toHaveLength(sent);
  });
});

describe('what waits for a confirmed address: 403 EMAIL_UNVERIFIED, nothing stored, then allowed', () => {
  const BANK = { method: 'bank', accountHolder: 'Lina Haddad', iban: 'SA03 8000 0000 6080 1016 7519', bankName: 'Al Rajhi Bank' };
  const rows = async (table: typeof services | typeof courses | typeof payments | typeof payoutDetails) => (await ctx.db.select({ n: count() }).from(table))[0]!.n;
  const expectRefused = (res: { statusCode: number; json: () => { code: string; message: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_UNVERIFIED', message: 'Please confirm your email address first: open the link we e-mailed you, or ask for a new one.' });
  };

  it('saving payout details', async () => {
    const session = await unverified();
    const before = await rows(payoutDetails);
    expectRefused(await call(session, 'PUT', '/api/payouts/details', { ...BANK, password: session.input.password }));
    expect(await rows(payoutDetails)).toBe(before);
    await verify(tokenMailedTo(session.input.email));
    expect((await call(session, 'PUT', '/api/payouts/details', { ...BANK, password: session.input.password })).statusCode).toBe(200);
  });

  it('creating a service', async () => {
    const designer = await signUpDesigner(app, {}, { verified: false });
    const before = await rows(services);
    expectRefused(await call(designer, 'POST', '/api/services', newServiceInput()));
    expect(await rows(services)).toBe(before);
    await verify(tokenMailedTo(designer.input.email));
    expect((await call(designer, 'POST', '/api/services', newServiceInput())).statusCode).toBe(201);
  });

  it('creating a course, and uploading its videos', async () => {
    const api = coursesApi(app, ctx);
    const creator = await unverified();
    const before = await rows(courses);
    expectRefused(await api.uploadVideo(creator.cookie, VIDEO));
    const course = { title: 'Implant abutments', description: 'From scan body to abutment.', thumbnail: '', price: 10, tags: ['Implant Prosthetics'], lessons: [] };
    expectRefused(await call(creator, 'POST', '/api/courses', course));
    expect(await rows(courses)).toBe(before);
    await verify(tokenMailedTo(creator.input.email));
    expect((await api.uploadVideo(creator.cookie, VIDEO)).statusCode).toBe(201);
    await api.createCourse(creator.cookie);
  });

  it('paying: an order, an extra revision, a course', async () => {
    const { service } = await designerWithService(app);
    const buyer = await unverified();
    const before = await rows(payments);
    expectRefused(await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 }));
    expectRefused(await call(buyer, 'POST', '/api/payments/intents', { type: 'revision', id: crypto.randomUUID() }));
    expectRefused(await call(buyer, 'POST', '/api/payments/intents', { type: 'course', id: crypto.randomUUID() }));
    expect(await rows(payments)).toBe(before);
    await verify(tokenMailedTo(buyer.input.email));
    expect((await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).statusCode).toBe(201);
  });

  it('a visitor is still told to sign in (401), not to confirm', async () => {
    expect((await call(null, 'PUT', '/api/payouts/details', BANK)).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/services', newServiceInput())).statusCode).toBe(401);
  });

  it('leaves the rest of the account open: profile, messages, browsing', async () => {
    const session = await unverified();
    expect((await call(session, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const designer = await signUpDesigner(app);
    expect((await call(session, 'POST', '/api/conversations', { to: designer.user._id })).statusCode).toBe(201);
  });
});

describe('changing the address and resetting the password', () => {
  it('an address changed through its own link counts as confirmed', async () => {
    const session = await unverified();
    const newEmail = `moved-${session.input.email}`;
    const asked = await call(session, 'POST', '/api/account/email', { email: newEmail, password: session.input.password });
    expect(asked.statusCode).toBe(202);
    await ctx.jobs.drain();
    const link = ctx.mailer.sent.findLast((m) => m.to === newEmail)!.text.match(/https?:\/\/\S+/)![0];
    const opened = await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(opened.headers.location).toContain('status=changed');
    expect(await me(session)).toMatchObject({ email: newEmail, emailVerified: true });
    // The link sent to the old address no longer confirms anything.
    expect((await verify(tokenMailedTo(session.input.email))).statusCode).toBe(410);
  });

  async function resetPassword(email: string) {
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await ctx.jobs.drain();
    const mail = ctx.mailer.sent.findLast((m) => m.to === email && m.subject === 'Reset your Cusp password')!;
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' } });
    expect(res.statusCode).toBe(200);
  }

  it("a reset on an unconfirmed account clears the payout details it set (a squatter's), and confirms the address", async () => {
    const squatter = await unverified();
    // Details saved while unconfirmed (before the gate, say): the reset is the owner taking the mailbox's account back.
    await ctx.db.insert(payoutDetails).values({ userId: squatter.user._id, method: 'stripe', stripeAccount: 'acct_squatter12345' });
    await resetPassword(squatter.input.email);
    expect(await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, squatter.user._id))).toEqual([]);
    expect(await verifiedAt(squatter.user._id)).not.toBeNull();
    // The squatter's session is gone with the reset.
    expect((await call(squatter, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it("a reset on a confirmed account keeps its payout details", async () => {
    const owner = await signUpAndLogin(app);
    expect((await call(owner, 'PUT', '/api/payouts/details', { ...BANK_DETAILS, password: owner.input.password })).statusCode).toBe(200);
    await resetPassword(owner.input.email);
    expect(await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, owner.user._id))).toHaveLength(1);
  });
});

const BANK_DETAILS = { method: 'bank', accountHolder: 'Lina Haddad', iban: 'SA03 8000 0000 6080 1016 7519', bankName: 'Al Rajhi Bank' };

describe('deleting the account', () => {
  it('removes its open confirmation links with the rest of its personal data', async () => {
    const session = await unverified();
    const token = tokenMailedTo(session.input.email);
    const res = await app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: session.cookie }, payload: { password: session.input.password } });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.userId, session.user._id))).toEqual([]);
    expect((await verify(token)).statusCode).toBe(410);
  });
});

describe('the admin command for a server without SMTP', () => {
  it('confirm-email marks the address confirmed', async () => {
    const session = await unverified();
    expect(await applyAdminCommand(ctx.db, 'confirm-email', session.input.email.toUpperCase())).toBe(session.input.username);
    expect((await me(session)).emailVerified).toBe(true);
  });
});

describe('without SMTP, the log', () => {
  it('gets the verification link as a note (never the body)', async () => {
    const session = await unverified();
    const mail = mailsTo(session.input.email).at(-1)!;
    expect(mail.logNote).toContain(`http://localhost:3000/verify-email?token=${encodeURIComponent(tokenMailedTo(session.input.email))}`);
    expect(mail.logNote).toContain(`npm run admin -- confirm-email ${session.input.email}`);
  });
});
