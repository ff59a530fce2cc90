import { count, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { LIMITS } from '../../platform/rate-limit/limits.js';
import { newsletterSubscribers, supportTickets } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';

const { app, ctx } = await useTestApp();
let addressN = 0;
/** A client address of its own per call, so that tests do not share the per-address limits. */
const newAddress = () => `203.0.113.${++addressN}`;
const subscribers = async () => (await ctx.db.select({ n: count() }).from(newsletterSubscribers).where(isNotNull(newsletterSubscribers.confirmedAt)))[0]!.n;
const signUp = (email: string, remoteAddress = newAddress(), headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress, headers });
const mailsTo = (to: string) => ctx.mailer.sent.filter((m) => m.to === to);
const confirmLink = (to: string) => mailsTo(to).at(-1)!.text.match(/https?:\/\/\S+/)![0];
const tickets = async () => ctx.db.select().from(supportTickets);
const ticket = { name: 'Dr. Lina Haddad', email: 'lina@clinic.example', subject: 'Invoice question', message: 'Where do I find my invoice?' };

it('stores a support ticket and e-mails the support address with a reply-to', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: ticket });
  expect(res.statusCode).toBe(201);
  const { _id } = res.json();
  const stored = (await tickets()).find((t) => t.id === _id);
  expect(stored).toMatchObject({ ...ticket, status: 'open', userId: null });
  await ctx.jobs.drain();
  const mail = ctx.mailer.sent.at(-1)!;
  expect(mail).toMatchObject({ to: 'support@cusp.dental', replyTo: ticket.email });
  expect(mail.subject).toContain('Invoice question');
});

it('links the ticket to the logged-in user, whoever they claim to be in the form', async () => {
  const { cookie, user } = await signUpAndLogin(app);
  const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: ticket, headers: { cookie } });
  expect(res.statusCode).toBe(201);
  expect((await tickets()).find((t) => t.id === res.json()._id)!.userId).toBe(user._id);
});

it('refuses a ticket with a missing or blank field and stores nothing', async () => {
  const before = (await tickets()).length;
  const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, subject: '   ', message: undefined } });
  expect(res.statusCode).toBe(400);
  expect(res.json().fieldErrors).toEqual({
    subject: 'Please fill in the subject field.',
    message: 'Please fill in the message field.',
  });
  const badEmail = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, email: 'not-an-email' } });
  expect(badEmail.json().fieldErrors).toEqual({ email: 'Please enter a valid email address.' });
  expect((await tickets()).length).toBe(before);
});

it('subscribes nobody until the owner opens the e-mailed link (double opt-in), whatever the case', async () => {
  const first = await signUp('Lab@Example.com');
  expect(first.statusCode).toBe(202);
  expect(first.json()).toEqual({ message: 'Thank you! Please open the link we have sent to this address to confirm your subscription.' });
  await ctx.jobs.drain();
  expect(await subscribers()).toBe(0);
  const link = confirmLink('lab@example.com');
  expect(link).toMatch(/^http:\/\/localhost:3000\/api\/newsletter\/confirm\?token=[\w-]{43}$/);
  expect(mailsTo('lab@example.com').at(-1)!.subject).toBe('Confirm your Cusp newsletter subscription');

  const opened = await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
  expect(opened.statusCode).toBe(303);
  expect(opened.headers.location).toBe('/newsletter/confirmed');
  expect(await subscribers()).toBe(1);
  // The link works once; a made-up one does nothing.
  for (const url of [new URL(link).pathname + new URL(link).search, '/api/newsletter/confirm?token=made-up', '/api/newsletter/confirm']) {
    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/newsletter/confirmed?invalid=1');
  }
  // Signing up again answers the same (it tells nobody who is subscribed) and mails nothing more.
  const sent = mailsTo('lab@example.com').length;
  const again = await signUp('lab@example.com ');
  expect(again.statusCode).toBe(202);
  expect(again.json()).toEqual(first.json());
  await ctx.jobs.drain();
  expect(mailsTo('lab@example.com')).toHaveLength(sent);
  expect(await subscribers()).toBe(1);
});

it('writes the confirmation in Arabic for a reader of the Arabic site', async () => {
  await signUp('arabic.reader@example.com', newAddress(), { cookie: 'lang=ar' });
  await ctx.jobs.drain();
  expect(mailsTo('arabic.reader@example.com').at(-1)!.subject).toBe('أكّد اشتراكك في نشرة Cusp');
});

it('refuses an expired confirmation link', async () => {
  await signUp('late@example.com');
  await ctx.jobs.drain();
  const link = new URL(confirmLink('late@example.com'));
  await ctx.db.update(newsletterSubscribers).set({ tokenExpiresAt: new Date(Date.now() - 1000) });
  const res = await app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(res.headers.location).toBe('/newsletter/confirmed?invalid=1');
});

it("200 sign-ups of someone else's address subscribe nobody and mail them at most a few times", async () => {
  const before = await subscribers();
  const statuses = new Set<number>();
  for (let i = 0; i < 200; i++) statuses.add((await signUp('victim@example.com')).statusCode);
  await ctx.jobs.drain();
  expect([...statuses]).toEqual([202]);
  expect(mailsTo('victim@example.com')).toHaveLength(LIMITS.newsletterEmail.points);
  expect(await subscribers()).toBe(before);
});

it('limits sign-ups from one address (429 with Retry-After)', async () => {
  const from = newAddress();
  for (let i = 0; i < LIMITS.newsletterAddress.points; i++) expect((await signUp(`reader${i}@example.com`, from)).statusCode).toBe(202);
  const limited = await signUp('one-more@example.com', from);
  expect(limited.statusCode).toBe(429);
  expect(limited.json().code).toBe('RATE_LIMITED');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  await ctx.jobs.drain();
  expect(mailsTo('one-more@example.com')).toHaveLength(0);
});

it('limits support tickets per address and per sender, and mails support only for those accepted', async () => {
  const mailsToSupport = () => ctx.mailer.sent.filter((m) => m.to === 'support@cusp.dental').length;
  const before = await tickets();
  const mailed = mailsToSupport();
  const from = newAddress();
  const statuses: number[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, email: `anon${i}@example.com` }, remoteAddress: from });
    statuses.push(res.statusCode);
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.supportAddress.points);
  expect(statuses.slice(LIMITS.supportAddress.points).every((s) => s === 429)).toBe(true);
  expect((await tickets()).length - before.length).toBe(LIMITS.supportAddress.points);
  expect(mailsToSupport() - mailed).toBe(LIMITS.supportAddress.points);
  // One sender from many addresses is limited too.
  const sender = { ...ticket, email: 'same.sender@example.com' };
  const answers = [];
  for (let i = 0; i <= LIMITS.supportSender.points; i++) {
    answers.push((await app.inject({ method: 'POST', url: '/api/support/tickets', payload: sender, remoteAddress: newAddress() })).statusCode);
  }
  expect(answers).toEqual([...Array(LIMITS.supportSender.points).fill(201), 429]);
});

it('refuses an invalid newsletter e-mail and stores nothing', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'nope' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ message: 'Please enter a valid email address.', code: 'VALIDATION' });
  await ctx.jobs.drain();
  expect(mailsTo('nope')).toHaveLength(0);
});

it('refuses a cross-site subscribe', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'x@example.com' }, headers: { origin: 'https://evil.example' } });
  expect(res.statusCode).toBe(403);
});
