import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newsletterSubscribers, supportTickets } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';

const { app, ctx } = await useTestApp();
const tickets = async () => ctx.db.select().from(supportTickets);
const ticket = { name: 'Dr. Lina Haddad', email: 'lina@clinic.example', subject: 'Invoice question', message: 'Where do I find my invoice?' };

it('stores a support ticket and e-mails the support address with a reply-to', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/support/tickets', payload: ticket });
  expect(res.statusCode).toBe(201);
  const { _id } = res.json();
  const stored = (await tickets()).find((t) => t.id === _id);
  expect(stored).toMatchObject({ ...ticket, status: 'open', userId: null });
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

it('subscribes an e-mail once, whatever its case', async () => {
  const first = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'Lab@Example.com' } });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toEqual({ message: 'Thank you for subscribing!' });
  const again = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'lab@example.com ' } });
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual({ message: 'You are already subscribed.' });
  expect((await ctx.db.select({ n: count() }).from(newsletterSubscribers))[0]!.n).toBe(1);
});

it('refuses an invalid newsletter e-mail and stores nothing', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'nope' } });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ message: 'Please enter a valid email address.', code: 'VALIDATION' });
  expect((await ctx.db.select({ n: count() }).from(newsletterSubscribers))[0]!.n).toBe(1);
});

it('refuses a cross-site subscribe', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'x@example.com' }, headers: { origin: 'https://evil.example' } });
  expect(res.statusCode).toBe(403);
});
