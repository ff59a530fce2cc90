import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordResets, sessions, users } from '../../db/schema/index.js';
import { buildTestApp, newUserInput, signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { LIMITS, LOGIN } from '../../platform/rate-limit/limits.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { multipart as form, PNG } from '../../../test/multipart.js';

const multipart = (fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) =>
  form(fields, file ? [{ field: 'picture', ...file }] : []);


const t = await useTestApp();
const { app, ctx } = t;

const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;
const register = (payload: unknown) => app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (email: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers, remoteAddress });
let addressN = 0;
/** A fresh client address per call, so that tests do not share address counters. */
const newAddress = () => `192.0.2.${++addressN}`;

/** Every key anywhere in a JSON value, to prove no password-like field leaks. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe('register', () => {
  it('creates the user and answers 201 without any password field', async () => {
    const input = newUserInput({ email: 'New.Person@Example.com' });
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ username: input.username, email: 'new.person@example.com', isDesigner: false, isSeller: false });
    expect(keysOf(res.json()).filter((k) => /password|hash/i.test(k))).toEqual([]);
    expect(res.body).not.toContain('$argon2');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['username', 'Please fill out your username.'],
    ['email', 'Please fill out your email.'],
    ['password', 'Please fill out your password.'],
    ['confirmPassword', 'Please fill out your confirmPassword.'],
    ['phone', 'Please fill out your phone.'],
  ])('refuses a missing %s with its message (docs/product.md §14.2) and stores nothing', async (field, message) => {
    const before = await userCount();
    const input: Record<string, string> = newUserInput();
    delete input[field];
    const res = await register(input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { [field]: message } });
    expect(await userCount()).toBe(before);
  });

  it('refuses mismatched passwords', async () => {
    const res = await register(newUserInput({ confirmPassword: 'something-else-1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Passwords do not match.', fieldErrors: { confirmPassword: 'Passwords do not match.' } });
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    for (const password of ['short1', 'x'.repeat(129)]) {
      const res = await register(newUserInput({ password, confirmPassword: password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.password).toBe('Password must be 8 to 128 characters.');
    }
  });

  it('answers 409 for a taken e-mail (any case) or username (any case), storing nothing', async () => {
    const first = newUserInput();
    expect((await register(first)).statusCode).toBe(201);
    const before = await userCount();
    const sameEmail = await register(newUserInput({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().fieldErrors).toEqual({ email: 'This email is already registered.' });
    const sameName = await register(newUserInput({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().fieldErrors).toEqual({ username: 'This username is already taken.' });
    expect(await userCount()).toBe(before);
  });

  it('answers 400 for wrong types and for malformed JSON, storing nothing', async () => {
    const before = await userCount();
    const wrongTypes = await register({ ...newUserInput(), username: 12345, phone: ['1'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().code).toBe('VALIDATION');
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
    expect(await userCount()).toBe(before);
  });

  it('accepts a multipart sign-up with a real image and serves it back re-encoded with long caching', async () => {
    const input = newUserInput();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(input, { name: 'me.png', type: 'image/png', data: PNG }) });
    expect(res.statusCode).toBe(201);
    const image: string = res.json().user.image;
    expect(image).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    const media = await app.inject({ method: 'GET', url: image });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['cache-control']).toContain('max-age=31536000');
    // Re-encoded (so not the same bytes), still a PNG.
    expect(media.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses a picture that only claims to be an image (415) and keeps neither user nor file', async () => {
    const before = await userCount();
    const dir = path.join(ctx.config.dataDir, 'uploads', 'images');
    const filesBefore = await readdir(dir).catch(() => []);
    const input = newUserInput();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(input, { name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().fieldErrors).toEqual({ picture: 'The file must be an image (JPEG, PNG, WebP or GIF).' });
    expect(await userCount()).toBe(before);
    expect(await readdir(dir).catch(() => [])).toEqual(filesBefore);
  });

  it('deletes the stored picture when the rest of a multipart sign-up is refused', async () => {
    const dir = path.join(ctx.config.dataDir, 'uploads', 'images');
    const before = (await readdir(dir).catch(() => [])).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart({ ...newUserInput(), confirmPassword: 'nope-nope-1' }, { name: 'me.png', type: 'image/png', data: PNG }),
    });
    expect(res.statusCode).toBe(400);
    expect((await readdir(dir)).length).toBe(before);
  });
});

describe('login, session and logout', () => {
  it('logs in with a session cookie that is HttpOnly, SameSite=Lax and not readable by scripts', async () => {
    const input = newUserInput();
    await register(input);
    const res = await login(input.email, input.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(input.email);
    const cookie = res.cookies.find((c) => c.name === 'cusp_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy(); // plain http on localhost
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 random bits
    // Only a hash of the token is stored.
    const stored = await ctx.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === cookie.value)).toBe(false);
  });

  it('marks the cookie Secure when the product is served over https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://cusp.example' });
    try {
      const input = newUserInput();
      await secure.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password } });
      expect(res.cookies.find((c) => c.name === 'cusp_session')!.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const input = newUserInput();
    await register(input);
    const wrong = await login(input.email, 'wrong-password-1');
    const unknown = await login('nobody-here@example.com', 'wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('asks for both fields with their messages (docs/product.md §14.2)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: 'Please fill in your email.', password: 'Please fill in your password.' });
  });

  it('knows the user through /auth/me, and forgets the session on logout', async () => {
    const { cookie, input } = await signUpAndLogin(app);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe(input.username);
    expect(keysOf(me.json()).filter((k) => /password|hash/i.test(k))).toEqual([]);

    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    // The old cookie is dead on the server, not only removed from the browser.
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' });
  });

  it('answers 401 to /auth/me without a cookie or with a forged one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'cusp_session=forged-token' } });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a state-changing call from another site (403) and creates no session', async () => {
    const input = newUserInput();
    await register(input);
    const sessionsBefore = (await ctx.db.select({ n: count() }).from(sessions))[0]!.n;
    const evil = await login(input.email, input.password, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ message: 'This request came from another site and was refused.', code: 'CROSS_SITE' });
    const fetchMeta = await login(input.email, input.password, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.statusCode).toBe(403);
    expect((await ctx.db.select({ n: count() }).from(sessions))[0]!.n).toBe(sessionsBefore);
    // The product's own origin is fine.
    const own = await login(input.email, input.password, { origin: 'http://localhost:3000', host: 'localhost:3000' });
    expect(own.statusCode).toBe(200);
  });
});

describe('sign-in throttling (ADR 0021)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("failures from one address block that address, never the owner's right password from another", async () => {
    const input = newUserInput();
    await register(input);
    const attacker = newAddress();
    for (let i = 0; i < LOGIN.freeFailures + 1; i++) {
      expect((await login(input.email, 'wrong-password-1', {}, attacker)).statusCode).toBe(401);
    }
    // The attacker's address is now blocked for this account, whatever password it sends...
    const blocked = await login(input.email, input.password, {}, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many login attempts. Please try again in 1 minute.' });
    expect(blocked.headers['retry-after']).toBe(String(LOGIN.firstBlockSeconds));
    expect(blocked.cookies).toEqual([]);
    // ...while the owner, elsewhere, signs in at once.
    const owner = await login(input.email, input.password, {}, newAddress());
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.some((c) => c.name === 'cusp_session')).toBe(true);
  });

  it('blocks one address for one account longer after each further failure (1, 2, 4 minutes ...)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const input = newUserInput();
    await register(input);
    const from = newAddress();
    for (let i = 0; i < LOGIN.freeFailures; i++) expect((await login(input.email, 'wrong-password-1', {}, from)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      // One more failure, then the block it started: refused even with the right password.
      expect((await login(input.email, 'wrong-password-1', {}, from)).statusCode).toBe(401);
      const blocked = await login(input.email, input.password, {}, from);
      expect(blocked.statusCode).toBe(429);
      const wait = Number(blocked.headers['retry-after']);
      waits.push(wait);
      // Just before the end it still holds; just after, the address may try again.
      vi.setSystemTime(Date.now() + (wait - 2) * 1000);
      expect((await login(input.email, input.password, {}, from)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 3000);
    }
    expect(waits).toEqual([60, 120, 240]);
    // The right password ends it: the address starts afresh.
    expect((await login(input.email, input.password, {}, from)).statusCode).toBe(200);
    expect((await login(input.email, 'wrong-password-1', {}, from)).statusCode).toBe(401);
  });

  it('answers unknown e-mails exactly like known ones, blocks included', async () => {
    const from = newAddress();
    const statuses = [];
    for (let i = 0; i < LOGIN.freeFailures + 2; i++) statuses.push((await login('nobody-at-all@example.com', 'wrong-password-1', {}, from)).statusCode);
    expect(statuses).toEqual([...Array(LOGIN.freeFailures + 1).fill(401), 429]);
  });

  it('bounds failures from one address over every account', async () => {
    const from = newAddress();
    // Counted as failures of this address (different accounts, so no pair ever blocks).
    for (let i = 0; i < LIMITS.loginAddress.points; i++) await ctx.limits.count('loginAddress', from);
    const input = newUserInput();
    await register(input);
    expect((await login(input.email, 'wrong-password-1', {}, from)).statusCode).toBe(401);
    const res = await login(input.email, input.password, {}, from);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await login(input.email, input.password, {}, newAddress())).statusCode).toBe(200);
  });

  it('e-mails the owner once when failures pile up from many addresses, and still lets them in', async () => {
    const input = newUserInput();
    await register(input);
    // The alerts only (sign-up also mails the address its confirmation link).
    const mailsTo = () => ctx.mailer.sent.filter((m: MailMessage) => m.to === input.email && m.subject !== 'Confirm your Cusp email address');
    for (let i = 0; i < LOGIN.alertAfter + 5; i++) {
      // A new address each time, as a botnet would: no pair is ever blocked.
      expect((await login(input.email, `wrong-password-${i}`, {}, newAddress())).statusCode).toBe(401);
    }
    await ctx.jobs.drain();
    expect(mailsTo()).toHaveLength(1);
    expect(mailsTo()[0]!.subject).toBe('Failed sign-ins to your Cusp account');
    expect(mailsTo()[0]!.text).toContain(`${LOGIN.alertAfter} sign-ins with a wrong password`);
    expect(mailsTo()[0]!.text).toContain('http://localhost:3000/forgot-password');
    expect((await login(input.email, input.password, {}, newAddress())).statusCode).toBe(200);
  });

  it('stops guessing one account after the account-wide bound, until a password reset', async () => {
    const input = newUserInput();
    await register(input);
    for (let i = 0; i < LIMITS.loginAccount.points; i++) await ctx.limits.count('loginAccount', input.email);
    expect((await login(input.email, 'wrong-password-1', {}, newAddress())).statusCode).toBe(401);
    const capped = await login(input.email, input.password, {}, newAddress());
    expect(capped.statusCode).toBe(429);
    // The owner is asked for a second step, not locked out (ADR 0050; modules/auth/second-step.test.ts).
    expect(capped.json().code).toBe('SECOND_STEP_REQUIRED');
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email }, remoteAddress: newAddress() });
    await ctx.jobs.drain();
    const resetMail = ctx.mailer.sent.findLast((m: MailMessage) => m.to === input.email && m.subject === 'Reset your Cusp password')!;
    const token = new URL(resetMail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' } });
    expect(reset.statusCode).toBe(200);
    expect((await login(input.email, 'brand-new-pass-2', {}, newAddress())).statusCode).toBe(200);
  });

  it('limits sign-ups per address, so "already registered" cannot be asked in bulk', async () => {
    const from = newAddress();
    const taken = newUserInput();
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: taken, remoteAddress: from })).statusCode).toBe(201);
    const answers = [];
    for (let i = 1; i < LIMITS.registerAddress.points + 1; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: newUserInput({ email: taken.email }), remoteAddress: from });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array(LIMITS.registerAddress.points - 1).fill(409), 429]);
  });
});

describe('password reset', () => {
  const resetLinkToken = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

  it('answers the same for unknown and known e-mails, and mails only the known one', async () => {
    const { input } = await signUpAndLogin(app);
    const sentBefore = ctx.mailer.sent.length;
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@example.com' } });
    const known = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email } });
    await ctx.jobs.drain();
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(ctx.mailer.sent.length).toBe(sentBefore + 1);
    expect(ctx.mailer.sent.at(-1)!.to).toBe(input.email);
    expect(ctx.mailer.sent.at(-1)!.text).toContain('http://localhost:3000/reset-password?token=');
  });

  it('resets once with the e-mailed token, logs out every device, and refuses reuse', async () => {
    const { input, cookie } = await signUpAndLogin(app);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email } });
    await ctx.jobs.drain();
    const token = resetLinkToken(ctx.mailer.sent.at(-1)!.text);
    const body = { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' };

    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been reset. You can now log in.');
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(input.email, input.password)).statusCode).toBe(401);
    expect((await login(input.email, 'brand-new-pass-2')).statusCode).toBe(200);

    const again = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { ...body, password: 'third-pass-333', confirmPassword: 'third-pass-333' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired.');
    expect((await login(input.email, 'brand-new-pass-2')).statusCode).toBe(200);
  });

  it('answers before the look-up and the mail: a slow mailer does not slow the answer', async () => {
    const { input } = await signUpAndLogin(app);
    let release!: () => void;
    const mailerGate = new Promise<void>((resolve) => (release = resolve));
    const send = vi.spyOn(ctx.mailer, 'send').mockImplementation(async () => {
      await mailerGate;
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email }, remoteAddress: newAddress() });
      // The answer is here while the mail is still held back.
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'If an account exists for this email, we have sent a link to reset the password.' });
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      release();
      await ctx.jobs.drain();
    } finally {
      send.mockRestore();
    }
  });

  it('logs a failing reset mail instead of failing the request', async () => {
    const { input } = await signUpAndLogin(app);
    const send = vi.spyOn(ctx.mailer, 'send').mockRejectedValue(new Error('SMTP down'));
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email }, remoteAddress: newAddress() });
      expect(res.statusCode).toBe(200);
      await ctx.jobs.drain();
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });

  it('limits reset requests per address (429) and reset mails per e-mail (silently)', async () => {
    const { input } = await signUpAndLogin(app);
    const sentBefore = ctx.mailer.sent.filter((m) => m.to === input.email).length;
    // Per e-mail: the fourth request within the hour gets the same answer and no mail.
    for (let i = 0; i < LIMITS.forgotEmail.points + 1; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email }, remoteAddress: newAddress() });
      expect(res.statusCode).toBe(200);
    }
    await ctx.jobs.drain();
    expect(ctx.mailer.sent.filter((m) => m.to === input.email).length - sentBefore).toBe(LIMITS.forgotEmail.points);
    // Per address: past the limit, 429 with Retry-After, whichever e-mail is asked about.
    const from = newAddress();
    for (let i = 0; i < LIMITS.forgotAddress.points; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `someone${i}@example.com` }, remoteAddress: from });
      expect(res.statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'another@example.com' }, remoteAddress: from });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.jobs.drain();
  });

  it('refuses an expired token and changes nothing', async () => {
    const { input } = await signUpAndLogin(app);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: input.email } });
    await ctx.jobs.drain();
    await ctx.jobs.drain();
    const token = resetLinkToken(ctx.mailer.sent.at(-1)!.text);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
    await ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user!.id));
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' } });
    expect(res.statusCode).toBe(400);
    expect((await login(input.email, input.password)).statusCode).toBe(200);
  });
});

it('sends security headers on every answer: found, not found, refused, invalid', async () => {
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toEqual({ status: 'ok' });
  const urls = ['/api/no-such-route', '/api/auth/me', '/api/gigs?limit=lots'];
  const answers = [health, ...(await Promise.all(urls.map((url) => app.inject({ method: 'GET', url }))))];
  expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 400]);
  for (const res of answers) {
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Over plain http (secure cookies off under test), no HSTS: it would pin a host that has no TLS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }
});

it('answers unknown API paths with a D3 404', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/nope', code: 'ENDPOINT_NOT_FOUND' });
});
