import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loginLinks } from '../../db/schema/index.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { LIMITS } from '../../platform/rate-limit/limits.js';
import { newUserInput, sessionCookieOf, useTestApp } from '../../../test/helper.js';
import { DEVICE_COOKIE } from './second-step.js';

/**
 * Past an account's cap of failed sign-ins (ADR 0021), the owner is not locked out (ADR 0050): the right password asks
 * for a second step, a one-time link mailed to the account's address, or a browser that signed in before.
 */
const { app, ctx } = await useTestApp();

let addressN = 0;
const newAddress = () => `203.0.113.${++addressN}`;
const login = (email: string, password: string, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress(), headers: cookie ? { cookie } : {} });
const useLink = (token: string) => app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { token } });

const LINK_SUBJECT = 'Your Cusp sign-in link';
const linkMailsTo = (to: string) => ctx.mailer.sent.filter((m: MailMessage) => m.to === to && m.subject === LINK_SUBJECT);
function linkTokenOf(mail: MailMessage): string {
  const url = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  expect(url.origin + url.pathname).toBe('http://localhost:3000/login-link');
  return url.searchParams.get('token')!;
}

/** A member whose account has had more failed sign-ins than the account-wide bound allows today. */
async function cappedMember() {
  const input = newUserInput();
  expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress: newAddress() })).statusCode).toBe(201);
  for (let i = 0; i <= LIMITS.loginAccount.points; i++) await ctx.limits.count('loginAccount', input.email);
  await ctx.jobs.drain();
  return input;
}

const deviceCookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
  return c ? `${DEVICE_COOKIE}=${c.value}` : undefined;
};

describe('past the account-wide cap', () => {
  it('answers the right password with 429 SECOND_STEP_REQUIRED, no session, and a mailed sign-in link', async () => {
    const input = await cappedMember();
    const res = await login(input.email, input.password);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'SECOND_STEP_REQUIRED',
      message: 'There were too many failed sign-ins to this account, so we e-mailed you a sign-in link. Open it to sign in.',
    });
    expect(res.cookies.find((c) => c.name === 'cusp_session')).toBeUndefined();
    await ctx.jobs.drain();
    const mails = linkMailsTo(input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/forgot-password');
    // Never in the log: it grants access.
    expect(mails[0]!.logNote).toBeUndefined();
    // Stored hashed: the token itself is nowhere in the database.
    expect(await ctx.db.select().from(loginLinks).where(eq(loginLinks.tokenHash, linkTokenOf(mails[0]!)))).toEqual([]);
  });

  it('the link signs in once, as the password would; used again it is 410', async () => {
    const input = await cappedMember();
    await login(input.email, input.password);
    await ctx.jobs.drain();
    const token = linkTokenOf(linkMailsTo(input.email).at(-1)!);
    const res = await useLink(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: input.email, username: input.username });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieOf(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(input.email);

    const again = await useLink(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'LOGIN_LINK_INVALID', message: 'This sign-in link is invalid, has expired or was already used.' });
    expect(again.cookies.find((c) => c.name === 'cusp_session')).toBeUndefined();
  });

  it('refuses an expired, unknown or malformed link, without a session', async () => {
    const input = await cappedMember();
    await login(input.email, input.password);
    await ctx.jobs.drain();
    const token = linkTokenOf(linkMailsTo(input.email).at(-1)!);
    await ctx.db.update(loginLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    for (const res of [await useLink(token), await useLink('made-up-token')]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('LOGIN_LINK_INVALID');
      expect(res.cookies).toEqual([]);
    }
    expect((await useLink('')).statusCode).toBe(400);
  });

  it('answers a wrong password as before (429 RATE_LIMITED) and mails nothing', async () => {
    const input = await cappedMember();
    const sentBefore = ctx.mailer.sent.filter((m) => m.to === input.email).length;
    for (const password of ['wrong-password-1', 'wrong-password-2']) {
      const res = await login(input.email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many login attempts\./) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    await ctx.jobs.drain();
    expect(ctx.mailer.sent.filter((m) => m.to === input.email)).toHaveLength(sentBefore);
    expect(linkMailsTo(input.email)).toHaveLength(0);
  });

  it('answers an unknown e-mail past its cap like a wrong password', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i <= LIMITS.loginAccount.points; i++) await ctx.limits.count('loginAccount', email);
    const res = await login(email, 'correct-horse-1');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });

  it("mails at most a few links an hour, answering the same (whoever has the password cannot flood the owner's mailbox)", async () => {
    const input = await cappedMember();
    for (let i = 0; i < LIMITS.loginLinkMail.points + 3; i++) expect((await login(input.email, input.password)).json().code).toBe('SECOND_STEP_REQUIRED');
    await ctx.jobs.drain();
    expect(linkMailsTo(input.email)).toHaveLength(LIMITS.loginLinkMail.points);
  });

  it("one member's link signs in that member only; it never opens another account", async () => {
    const one = await cappedMember();
    const two = await cappedMember();
    await login(one.email, one.password);
    await ctx.jobs.drain();
    const res = await useLink(linkTokenOf(linkMailsTo(one.email).at(-1)!));
    expect(res.json().user.email).toBe(one.email);
    expect(linkMailsTo(two.email)).toHaveLength(0);
  });

  it('a browser that signed in to the account before needs no link; another account’s browser does', async () => {
    const input = newUserInput();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress: newAddress() });
    const first = await login(input.email, input.password);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first)!;
    expect(device).toBeDefined();
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

    for (let i = 0; i <= LIMITS.loginAccount.points; i++) await ctx.limits.count('loginAccount', input.email);
    const known = await login(input.email, input.password, device);
    expect(known.statusCode).toBe(200);
    expect(known.cookies.some((c) => c.name === 'cusp_session')).toBe(true);
    // The known browser still needs the password.
    expect((await login(input.email, 'wrong-password-1', device)).statusCode).toBe(429);

    // A cookie of another account, or a forged one, is no second step.
    const other = newUserInput();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: other, remoteAddress: newAddress() });
    const otherDevice = deviceCookieOf(await login(other.email, other.password))!;
    expect((await login(input.email, input.password, otherDevice)).json().code).toBe('SECOND_STEP_REQUIRED');
    const [, value] = device.split('=');
    const [v, id, issued] = value!.split('.');
    const forged = `${DEVICE_COOKIE}=${[v, id, issued, 'A'.repeat(43)].join('.')}`;
    expect((await login(input.email, input.password, forged)).json().code).toBe('SECOND_STEP_REQUIRED');
  });

  it('a sign-in by link makes the browser known: the next sign-in there needs only the password', async () => {
    const input = await cappedMember();
    await login(input.email, input.password);
    await ctx.jobs.drain();
    const res = await useLink(linkTokenOf(linkMailsTo(input.email).at(-1)!));
    const device = deviceCookieOf(res)!;
    expect((await login(input.email, input.password, device)).statusCode).toBe(200);
  });

  it('a password reset spends the open sign-in links', async () => {
    const input = await cappedMember();
    await login(input.email, input.password);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email } });
    await ctx.jobs.drain();
    const resetMail = ctx.mailer.sent.findLast((m) => m.to === input.email && m.subject === 'Reset your Cusp password')!;
    const token = new URL(resetMail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' } });
    expect((await useLink(linkTokenOf(linkMailsTo(input.email).at(-1)!))).statusCode).toBe(410);
  });
});
