import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { baseUrl, socketFor } from '../../../test/sockets.js';
import { redisLimits } from './limiter.js';
import { LIMITS, type LimitName } from './limits.js';

/** The limits on logged-in actions (ADR 0021): chat over HTTP and socket, new conversations, uploads. */
const { app, ctx } = await useTestApp();

/** Brings `key` to `left` events short of its limit, as if it had been busy. */
async function nearLimit(name: LimitName, key: string, left = 1) {
  for (let i = 0; i < LIMITS[name].points - left; i++) await ctx.limits.count(name, key);
}

const stored = async (conversationId: string) =>
  (await ctx.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;

async function conversationOf(buyer: { cookie: string }, designer: { user: { _id: string } }) {
  const res = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: buyer.cookie }, payload: { to: designer.user._id } });
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
}

describe('messages', () => {
  it('refuses a sender past the limit over HTTP with 429 and stores nothing', async () => {
    const designer = await signUpDesigner(app);
    const buyer = await signUpAndLogin(app);
    const conversationID = await conversationOf(buyer, designer);
    await nearLimit('messagesUser', buyer.user._id);
    const send = (n: number) =>
      app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: buyer.cookie }, payload: { conversationID, description: `Hello ${n}`, clientId: randomUUID() } });
    expect((await send(1)).statusCode).toBe(201);
    const limited = await send(2);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many messages. Please try again in 1 minute.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(conversationID)).toBe(1);
    // The other participant is not limited by it.
    const reply = await app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: designer.cookie }, payload: { conversationID, description: 'Hi', clientId: randomUUID() } });
    expect(reply.statusCode).toBe(201);
  });

  it('answers a flood of socket sends with { ok: false } acks past the limit, storing only the allowed ones', async () => {
    const designer = await signUpDesigner(app);
    const buyer = await signUpAndLogin(app);
    const conversationID = await conversationOf(buyer, designer);
    const socket = await socketFor(await baseUrl(app), buyer.cookie);
    try {
      const flood = 300;
      const acks = await Promise.all(
        Array.from({ length: flood }, (_, i) => socket.timeout(10_000).emitWithAck('message:send', { conversationID, description: `Flood ${i}`, clientId: randomUUID() })),
      );
      const allowed = LIMITS.messagesUser.points;
      expect(acks.filter((a) => a.ok)).toHaveLength(allowed);
      const refused = acks.filter((a) => !a.ok);
      expect(refused).toHaveLength(flood - allowed);
      expect(refused[0]).toEqual({ ok: false, message: 'Too many messages. Please try again in 1 minute.' });
      expect(await stored(conversationID)).toBe(allowed);
      // The socket stays open: the sender is told, not thrown out.
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});

it('limits opening conversations per user', async () => {
  const buyer = await signUpAndLogin(app);
  const designer = await signUpDesigner(app);
  await nearLimit('conversationsUser', buyer.user._id);
  await conversationOf(buyer, designer);
  const other = await signUpDesigner(app);
  const limited = await app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: buyer.cookie }, payload: { to: other.user._id } });
  expect(limited.statusCode).toBe(429);
  expect(limited.json().message).toBe('Too many new conversations. Please try again in 60 minutes.');
});

describe('uploads', () => {
  const form = (cookie: string, name: string, type: string, data: Buffer) => {
    const body = multipart({}, [{ field: 'file', name, type, data }]);
    return { payload: body.payload, headers: { ...body.headers, cookie } };
  };
  const png = (cookie: string) => form(cookie, 'a.png', 'image/png', PNG);
  const stl = (cookie: string) => form(cookie, 'crown.stl', 'model/stl', Buffer.from('solid crown\nendsolid crown\n'));

  it.each([
    ['/api/uploads', png],
    ['/api/file/upload', stl],
    ['/api/order-files', stl],
  ])('refuses %s past the per-user limit with 429, before reading the file', async (url, body) => {
    const { cookie, user } = await signUpAndLogin(app);
    await nearLimit('uploadsUser', user._id, 0);
    const res = await app.inject({ method: 'POST', url, ...body(cookie), remoteAddress: '198.18.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many uploads. Please try again in 60 minutes.');
  });

  it('limits uploads per address, whichever account sends them', async () => {
    const address = '198.18.0.2';
    await nearLimit('uploadsAddress', address);
    const first = await signUpAndLogin(app);
    const ok = await app.inject({ method: 'POST', url: '/api/uploads', ...png(first.cookie), remoteAddress: address });
    expect(ok.statusCode).toBe(201);
    const second = await signUpAndLogin(app);
    const limited = await app.inject({ method: 'POST', url: '/api/uploads', ...png(second.cookie), remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// The Redis store: every instance counts in the same place (CI sets TEST_REDIS_URL; see .ci/run).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(!!redisUrl)('in Redis', () => {
  it('shares counts between instances: one refuses what the other counted', async () => {
    const one = await redisLimits(redisUrl!);
    const two = await redisLimits(redisUrl!);
    afterAll(async () => {
      await one.close();
      await two.close();
    });
    const key = `test-${randomUUID()}`;
    for (let i = 0; i < LIMITS.supportAddress.points; i++) await (i % 2 ? one : two).consume('supportAddress', key);
    await expect(one.consume('supportAddress', key)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(await two.blockedFor('supportAddress', key)).toBeGreaterThan(3500);
    await two.block('loginPairBlock', key, 120);
    expect(await one.blockedFor('loginPairBlock', key)).toBe(120);
    await one.reset('loginPairBlock', key);
    expect(await two.blockedFor('loginPairBlock', key)).toBeNull();
    await one.reset('supportAddress', key);
  });
});
