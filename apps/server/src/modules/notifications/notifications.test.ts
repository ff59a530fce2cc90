import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationMails, users } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { designerWithService, GOOD_CARD } from '../../../test/orders.js';
import { isAddressConfirmation, startSmtpServer } from '../../../test/smtp.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { backoffMs, LEASE_MS, sendDueMails } from './mail-worker.js';

// A real SMTP server (smtp-server), parsed with mailparser: no mock between the worker and the wire.
const smtp = await startSmtpServer({ except: isAddressConfirmation });
afterAll(() => smtp.stop());
const { app, ctx } = await useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cusp.example', NOTIFY_EMAIL_DELAY_MS: '300000', NOTIFY_CHAT_BATCH_MS: '900000' });

type Session = { cookie: string; user: { _id: string; username: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const MIN = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** A buyer orders the designer's service and pays: the designer gets `order_paid`. */
async function paidOrder(seller?: Awaited<ReturnType<typeof designerWithService>>) {
  const s = seller ?? (await designerWithService(app));
  const buyer = (await signUpAndLogin(app)) as Session;
  const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: s.service._id, quantity: 1 });
  expect(intent.statusCode, intent.body).toBe(201);
  const { _id: paymentId, orderId } = intent.json();
  await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD);
  expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId })).statusCode).toBe(200);
  return { designer: s.designer as Session, buyer, orderId: orderId as string };
}

const list = async (who: Session, query = '') => (await call(who, 'GET', `/api/notifications${query}`)).json();
const count = async (who: Session) => (await call(who, 'GET', '/api/notifications/unread-count')).json().count as number;
const mailsTo = (email: string) => smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text.includes(email));

beforeEach(async () => {
  // Mail left due by an earlier test is sent now, so each test counts only its own.
  await sendDueMails(ctx, { now: later(24 * 60 * MIN) });
  smtp.received.length = 0;
});

describe('notifications in the app', () => {
  it('tells the designer of a new paid order; count, list, paging and marking read are the owner’s only', async () => {
    const { designer, buyer, orderId } = await paidOrder();
    expect(await count(designer)).toBe(1);
    const page = await list(designer);
    expect(page.items).toEqual([
      expect.objectContaining({ kind: 'order_paid', link: `/orders/${orderId}`, read: false, params: expect.objectContaining({ name: buyer.user.username }) }),
    ]);
    const id = page.items[0]._id as string;
    // The buyer (or anyone else) cannot see or mark it: their ids are ignored, paging from it is a 404.
    expect((await list(buyer)).items.filter((n: { kind: string }) => n.kind === 'order_paid')).toEqual([]);
    expect((await call(buyer, 'POST', '/api/notifications/read', { ids: [id] })).json()).toMatchObject({ updated: 0 });
    expect((await call(buyer, 'GET', `/api/notifications?before=${id}`)).statusCode).toBe(404);
    expect(await count(designer)).toBe(1);
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(designer, 'POST', '/api/notifications/read', { ids: ['nope'] })).statusCode).toBe(400);

    // Delivery tells the buyer; mark one, then all.
    const body = multipart({}, [{ field: 'file', name: 'crown.stl', type: 'application/octet-stream', data: binaryStl() }]);
    const upload = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } });
    expect(upload.statusCode, upload.body).toBe(201);
    const delivered = await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { note: 'Done', files: [upload.json()._id] });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await list(buyer)).items[0]).toMatchObject({ kind: 'order_delivered', link: `/orders/${orderId}` });
    expect((await call(designer, 'POST', '/api/notifications/read', { ids: [id] })).json()).toEqual({ updated: 1, count: 0 });
    expect(await count(buyer)).toBe(1);
    expect((await call(buyer, 'POST', '/api/notifications/read', { all: true })).json()).toEqual({ updated: 1, count: 0 });

    // Accepting tells the designer; a review too.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/accept`)).statusCode).toBe(200);
    const review = await call(buyer, 'POST', '/api/reviews', { orderId, star: 4, desc: 'Clean margins, fast.' });
    expect(review.statusCode, review.body).toBe(201);
    const kinds = (await list(designer)).items.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(['review_received', 'order_accepted', 'order_paid']);
    // Paging: one at a time, by `before`.
    const first = await list(designer, '?limit=1');
    expect(first).toMatchObject({ items: [{ kind: 'review_received', params: { stars: 4 } }], hasMore: true });
    const second = await list(designer, `?limit=2&before=${first.items[0]._id}`);
    expect(second.items.map((n: { kind: string }) => n.kind)).toEqual(['order_accepted', 'order_paid']);
    expect(second.hasMore).toBe(false);
  });

  it('a cancelled paid order tells the other party that it was refunded', async () => {
    const { designer, buyer, orderId } = await paidOrder();
    expect((await call(designer, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'Cannot take it' })).statusCode).toBe(200);
    expect((await list(buyer)).items[0]).toMatchObject({ kind: 'order_cancelled', params: { refunded: true, name: designer.user.username } });
  });
});

describe('notification e-mail', () => {
  it('mails an unread notification after the delay, in the reader’s language, with one-click unsubscribe', async () => {
    const { designer } = await paidOrder();
    const email = (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, designer.user._id)))[0]!.email;
    await ctx.db.update(users).set({ emailLanguage: 'ar' }).where(eq(users.id, designer.user._id));
    // Not before the delay.
    expect(await sendDueMails(ctx, { now: later(MIN) })).toBe(0);
    expect(await sendDueMails(ctx, { now: later(6 * MIN) })).toBe(1);
    const [mail] = mailsTo(email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/^طلب جديد مدفوع/);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain('lang="ar"');
    expect(mail!.text).toContain('https://cusp.example/orders/');
    expect(mail!.messageId).toMatch(/^<notification-[0-9a-f-]{36}@cusp\.example>$/);
    const header = (name: string) => mail!.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = header('list-unsubscribe')!;
    expect(unsubscribe).toMatch(/^<https:\/\/cusp\.example\/api\/notifications\/unsubscribe\?[^>]+>$/);
    const url = new URL(unsubscribe.replace(/^<|>$/g, ''));
    expect(url.origin + url.pathname).toBe('https://cusp.example/api/notifications/unsubscribe');

    // The link works without a session; a forged signature does nothing.
    const forged = new URLSearchParams(url.search);
    forged.set('s', 'x'.repeat(43));
    expect((await app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?${forged}` })).statusCode).toBe(400);
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    const oneClick = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await call(designer, 'GET', '/api/notifications/preferences')).json().email).toMatchObject({ order_paid: false, order_accepted: true });

    // The next paid order is in the app, but no e-mail is due for it.
    await paidOrder({ designer: designer as never, service: (await designerServiceOf(designer)) as never });
    expect(await count(designer)).toBe(2);
    const due = await ctx.db.select().from(notificationMails).where(and(eq(notificationMails.userId, designer.user._id), eq(notificationMails.status, 'pending')));
    expect(due).toEqual([]);
  });

  it('sends nothing when the notification was read within the delay', async () => {
    const { designer } = await paidOrder();
    expect((await call(designer, 'POST', '/api/notifications/read', { all: true })).json().updated).toBe(1);
    expect(await sendDueMails(ctx, { now: later(6 * MIN) })).toBe(0);
    const [mail] = await ctx.db.select().from(notificationMails).where(eq(notificationMails.userId, designer.user._id));
    expect(mail).toMatchObject({ status: 'skipped' });
    expect(smtp.received).toEqual([]);
  });

  it('SMTP refusing connections for a while, then back: every mail is delivered once', async () => {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
    await smtp.stop();
    expect(await sendDueMails(ctx, { now: later(6 * MIN) })).toBe(0);
    const mine = async () =>
      (await ctx.db.select().from(notificationMails)).filter((m) => orders.some((o) => o.designer.user._id === m.userId));
    expect((await mine()).map((m) => [m.status, m.attempts])).toEqual([['pending', 1], ['pending', 1], ['pending', 1]]);
    expect((await mine())[0]!.lastError).toBeTruthy();
    // Still down at the first retry: backoff grows.
    const retriedAt = later(6 * MIN + backoffMs(1));
    expect(await sendDueMails(ctx, { now: retriedAt })).toBe(0);
    expect((await mine()).every((m) => m.attempts === 2 && m.dueAt.getTime() >= retriedAt.getTime() + backoffMs(2) - 1_000)).toBe(true);
    await smtp.start();
    expect(await sendDueMails(ctx, { now: later(70 * MIN) })).toBe(3);
    expect(await sendDueMails(ctx, { now: later(200 * MIN) })).toBe(0);
    expect((await mine()).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    const ids = smtp.received.map((m) => m.messageId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('a worker killed between the send and the mark: the retry carries the same Message-ID', async () => {
    const { designer } = await paidOrder();
    const crash = new Error('killed after the send');
    await expect(sendDueMails(ctx, { now: later(6 * MIN), hooks: { afterSend: () => Promise.reject(crash) } })).rejects.toBe(crash);
    const [row] = await ctx.db.select().from(notificationMails).where(eq(notificationMails.userId, designer.user._id));
    expect(row).toMatchObject({ status: 'sending', attempts: 1, sentAt: null });
    // Within the lease nobody sends it again; after it, it is sent again, then marked.
    expect(await sendDueMails(ctx, { now: later(7 * MIN) })).toBe(0);
    expect(await sendDueMails(ctx, { now: later(6 * MIN + LEASE_MS + 1000) })).toBe(1);
    const [after] = await ctx.db.select().from(notificationMails).where(eq(notificationMails.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]!.messageId).toBe(`<notification-${row!.id}@cusp.example>`);
    expect(smtp.received[1]!.messageId).toBe(smtp.received[0]!.messageId);
  });

  it('chat messages make one unread notification per conversation, updated while unread, and are mailed in batches: to one mail per conversation per 15 minutes', async () => {
    const a = (await signUpAndLogin(app)) as Session;
    const b = (await signUpAndLogin(app)) as Session;
    const conversation = (await call(a, 'POST', '/api/conversations', { to: b.user._id })).json();
    const id = conversation._id ?? conversation.conversationID ?? conversation.id;
    const send = async (text: string) => {
      const res = await call(a, 'POST', '/api/messages', { conversationID: id, description: text, clientId: crypto.randomUUID() });
      expect(res.statusCode, res.body).toBe(201);
    };
    await send('First message');
    const first = (await list(b)).items[0];
    await send('Second message');
    await send('Third message');
    expect(await count(b)).toBe(1);
    const items = (await list(b)).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ _id: first._id, kind: 'message_received', link: `/message/${id}`, read: false, params: { name: a.user.username, preview: 'Third message', count: 3 } });
    expect(Date.parse(items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
    expect(await sendDueMails(ctx, { now: later(6 * MIN) })).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.text).toMatch(/First message[\s\S]*Second message[\s\S]*Third message/);
    // Another message: its mail waits for the batch window after the last one.
    await send('Fourth message');
    expect((await list(b)).items[0]).toMatchObject({ _id: first._id, params: { preview: 'Fourth message', count: 4 } });
    expect(await sendDueMails(ctx, { now: later(12 * MIN) })).toBe(0);
    expect(await sendDueMails(ctx, { now: later(22 * MIN) })).toBe(1);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.text).toContain('Fourth message');
    expect(smtp.received[1]!.text).not.toContain('First message');
  });

  it('a chat flood leaves other notices on the first page; once read, the next message starts a new notification whose mail lists only what came since', async () => {
    const { designer, orderId } = await paidOrder();
    const a = (await signUpAndLogin(app)) as Session;
    const conversation = (await call(a, 'POST', '/api/conversations', { to: designer.user._id })).json();
    const id = conversation._id ?? conversation.conversationID ?? conversation.id;
    const send = async (text: string) => {
      const res = await call(a, 'POST', '/api/messages', { conversationID: id, description: text, clientId: crypto.randomUUID() });
      expect(res.statusCode, res.body).toBe(201);
    };
    for (let i = 1; i <= 25; i++) await send(`Spam ${i}`);
    const page = (await list(designer, '?limit=5')).items;
    expect(page.map((n: { kind: string }) => n.kind)).toEqual(['message_received', 'order_paid']);
    expect(page[0].params).toMatchObject({ count: 25, preview: 'Spam 25' });
    expect(page[1].link).toBe(`/orders/${orderId}`);
    expect(await count(designer)).toBe(2);

    // Read within the delay: the e-mail of those 25 is not sent. The next message starts afresh.
    expect((await call(designer, 'POST', '/api/notifications/read', { ids: [page[0]._id] })).json()).toMatchObject({ updated: 1 });
    await send('After reading');
    const after = (await list(designer)).items.filter((n: { kind: string }) => n.kind === 'message_received');
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ read: false, params: { count: 1, preview: 'After reading' } });
    expect(after[0]._id).not.toBe(page[0]._id);
    expect(after[1]).toMatchObject({ _id: page[0]._id, read: true, params: { count: 25 } });
    expect(await sendDueMails(ctx, { now: later(6 * MIN) })).toBeGreaterThanOrEqual(1);
    const chat = smtp.received.filter((m) => m.text?.includes('After reading'));
    expect(chat).toHaveLength(1);
    expect(smtp.received.filter((m) => m.text?.includes('Spam'))).toEqual([]);
  });
});

async function designerServiceOf(designer: Session) {
  const res = await call(designer, 'POST', '/api/services', {
    tags: ['Crown'],
    title: 'Second crown service',
    description: 'Full-contour crown designed in exocad, STL ready for milling.',
    toothPrice: 25,
    unitOrArch: 'unit',
    revisions: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
