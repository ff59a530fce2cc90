import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { notificationMails } from '../../db/schema/index.js';
import { buildTestApp, signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { isAddressConfirmation, startSmtpServer } from '../../../test/smtp.js';
import { baseUrl, nextEvent, socketFor } from '../../../test/sockets.js';
import { sendDueMails } from './mail-worker.js';

type Session = Awaited<ReturnType<typeof signUpAndLogin>>;

it('a new notification reaches the recipient’s sockets after the commit, with the unread count; none while they view the conversation', async () => {
  const { app } = await useTestApp();
  const a = await signUpAndLogin(app);
  const b = await signUpAndLogin(app);
  const conversation = (await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: a.cookie }, payload: { to: b.user._id } })).json();
  const send = (who: Session, text: string) =>
    app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: who.cookie }, payload: { conversationID: conversation._id, description: text, clientId: crypto.randomUUID() } });
  const socket = await socketFor(await baseUrl(app), b.cookie);
  try {
    const arrival = nextEvent(socket, 'notification:new');
    expect((await send(a, 'Hello there')).statusCode).toBe(201);
    const event = await arrival;
    expect(event).toMatchObject({ unread: 1, notification: { kind: 'message_received', link: `/message/${conversation._id}`, read: false } });

    // The recipient opens the conversation: no notification for what arrives while it is on screen.
    await socket.emitWithAck('conversation:viewing', { conversationID: conversation._id });
    expect((await send(a, 'Seen at once')).statusCode).toBe(201);
    const count = async () => (await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: b.cookie } })).json().count;
    expect(await count()).toBe(1);
    // Looking away again: notified, by the conversation's unread notification, updated in place (ADR 0027).
    await socket.emitWithAck('conversation:viewing', { conversationID: null });
    const next = nextEvent(socket, 'notification:new');
    expect((await send(a, 'Back later')).statusCode).toBe(201);
    expect(await next).toMatchObject({ unread: 1, notification: { _id: event.notification._id, params: { count: 2, preview: 'Back later' } } });

    // Marking read tells the user's sockets the new count.
    const counted = nextEvent(socket, 'notification:count');
    await app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: b.cookie }, payload: { all: true } });
    expect(await counted).toEqual({ count: 0 });
  } finally {
    socket.disconnect();
  }
});

// Two instances on one PostgreSQL database (scale-out): each worker claims its own rows, every mail goes once.
it.runIf(!!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database send each mail once', async () => {
  const smtp = await startSmtpServer({ except: isAddressConfirmation });
  const env = { SMTP_URL: smtp.url, NOTIFY_EMAIL_DELAY_MS: '0' };
  const one = await buildTestApp(env);
  const two = await buildTestApp(env, { databaseUrl: one.databaseUrl });
  afterAll(async () => {
    await two.close();
    await one.close();
    await smtp.stop();
  });
  const a = await signUpAndLogin(one.app);
  const b = await signUpAndLogin(two.app);
  const conversation = (await one.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: a.cookie }, payload: { to: b.user._id } })).json();
  // Each message to a conversation of its own would batch; here one recipient per message: many separate mails.
  const people = await Promise.all(Array.from({ length: 12 }, () => signUpAndLogin(one.app)));
  for (const [i, person] of people.entries()) {
    const c = (await two.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: person.cookie }, payload: { to: a.user._id } })).json();
    const res = await (i % 2 ? one : two).app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: person.cookie },
      payload: { conversationID: c._id, description: `Message ${i}`, clientId: crypto.randomUUID() },
    });
    expect(res.statusCode).toBe(201);
  }
  expect(conversation._id).toBeTruthy();
  const now = new Date(Date.now() + 60_000);
  const [sentByOne, sentByTwo] = await Promise.all([sendDueMails(one.ctx, { now }), sendDueMails(two.ctx, { now }), sendDueMails(one.ctx, { now }), sendDueMails(two.ctx, { now })]);
  const rows = await one.ctx.db.select().from(notificationMails).where(eq(notificationMails.userId, a.user._id));
  expect(rows).toHaveLength(12);
  expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  expect(smtp.received).toHaveLength(12);
  expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(12);
  expect(sentByOne! + sentByTwo!).toBeLessThanOrEqual(12);
});
