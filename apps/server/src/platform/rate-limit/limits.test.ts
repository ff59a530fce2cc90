import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { signUpAndLogin, signUpDesigner, useTestApp } from '../../../test/helper.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { baseUrl, socketFor } from '../../../test/sockets.js';
import { redisLimits } from './limiter.js';
import { LIMITS, type LimitName } from './limits.js';

/**
 * The limits on logged-in actions (ADR 0021): chat over HTTP and socket, new conversations, uploads. Behind a trusted
 * proxy, so that a socket can say which address it comes from (`X-Forwarded-For`), as it would in production.
 */
const { app, ctx } = await useTestApp({ TRUST_PROXY: 'true' });

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
      expect(refused[0]).toEqual({ ok: false, code: 'RATE_LIMITED', message: 'Too many messages. Please try again in 1 minute.' });
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

describe('per address: every account behind one address together (a clinic), far above one user', () => {
  it('has address limits several times the user limits', () => {
    expect(LIMITS.messagesAddress.points).toBeGreaterThanOrEqual(5 * LIMITS.messagesUser.points);
    expect(LIMITS.conversationsAddress.points).toBeGreaterThanOrEqual(5 * LIMITS.conversationsUser.points);
  });

  it('refuses messages over HTTP once two users from one address reach its limit; a user elsewhere is not affected', async () => {
    const designer = await signUpDesigner(app);
    const [one, two] = [await signUpAndLogin(app), await signUpAndLogin(app)];
    const [toOne, toTwo] = [await conversationOf(one, designer), await conversationOf(two, designer)];
    const address = '198.18.1.1';
    await nearLimit('messagesAddress', address, 2);
    const send = (who: { cookie: string }, conversationID: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: who.cookie }, payload: { conversationID, description: 'Scan attached', clientId: randomUUID() }, remoteAddress });
    expect((await send(one, toOne, address)).statusCode).toBe(201);
    expect((await send(two, toTwo, address)).statusCode).toBe(201);
    // Each user has sent one message (far from 200): it is the address that is full.
    const limited = await send(two, toTwo, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many messages. Please try again in 1 minute.' });
    expect((await send(one, toOne, address)).statusCode).toBe(429);
    expect([await stored(toOne), await stored(toTwo)]).toEqual([1, 1]);
    // The same user from another address, and the designer from theirs, still send.
    expect((await send(two, toTwo, '198.18.1.2')).statusCode).toBe(201);
    expect((await send(designer, toOne, '198.18.1.3')).statusCode).toBe(201);
  });

  it('refuses socket sends by the handshake address: two users from one address share its limit, a third elsewhere does not', async () => {
    const designer = await signUpDesigner(app);
    const [one, two, elsewhere] = [await signUpAndLogin(app), await signUpAndLogin(app), await signUpAndLogin(app)];
    const conversations = [await conversationOf(one, designer), await conversationOf(two, designer), await conversationOf(elsewhere, designer)];
    const url = await baseUrl(app);
    const address = '198.18.2.1';
    const sockets = [
      await socketFor(url, one.cookie, undefined, { 'x-forwarded-for': address }),
      // What the client wrote comes first; the proxy (one hop) appended the real address last (ADR 0049).
      await socketFor(url, two.cookie, undefined, { 'x-forwarded-for': `10.0.0.9, ${address}` }),
      await socketFor(url, elsewhere.cookie, undefined, { 'x-forwarded-for': '198.18.2.2' }),
    ];
    try {
      await nearLimit('messagesAddress', address, 1);
      const send = (i: number) => sockets[i]!.timeout(10_000).emitWithAck('message:send', { conversationID: conversations[i]!, description: `Hello ${i}`, clientId: randomUUID() });
      expect((await send(0)).ok).toBe(true);
      expect(await send(1)).toEqual({ ok: false, code: 'RATE_LIMITED', message: 'Too many messages. Please try again in 1 minute.' });
      expect((await send(2)).ok).toBe(true);
      expect(await Promise.all(conversations.map(stored))).toEqual([1, 0, 1]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('refuses opening conversations once two users from one address reach its limit; a user elsewhere is not affected', async () => {
    const [one, two] = [await signUpAndLogin(app), await signUpAndLogin(app)];
    const designers = [await signUpDesigner(app), await signUpDesigner(app), await signUpDesigner(app)];
    const address = '198.18.3.1';
    await nearLimit('conversationsAddress', address, 1);
    const open = (who: { cookie: string }, to: { user: { _id: string } }, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: who.cookie }, payload: { to: to.user._id }, remoteAddress });
    expect((await open(one, designers[0]!, address)).statusCode).toBe(201);
    const limited = await open(two, designers[1]!, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many new conversations. Please try again in 60 minutes.');
    expect((await open(two, designers[2]!, '198.18.3.2')).statusCode).toBe(201);
  });
});

describe('uploads', () => {
  const form = (cookie: string, name: string, type: string, data: Buffer) => {
    const body = multipart({}, [{ field: 'file', name, type, data }]);
    return { payload: body.payload, headers: { ...body.headers, cookie } };
  };
  const png = (cookie: string) => form(cookie, 'a.png', 'image/png', PNG);
  const stl = (cookie: string) => form(cookie, 'crown.stl', 'model/stl', Buffer.from('solid crown\nendsolid crown\n'));

  const mp4 = (cookie: string) => form(cookie, 'lesson.mp4', 'video/mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]));

  it.each([
    ['/api/uploads', png],
    ['/api/file/upload', stl],
    ['/api/order-files', stl],
    ['/api/conversations/{id}/attachments', stl],
    ['/api/courses/videos', mp4],
  ])('refuses %s past the per-user limit with 429, before reading the file', async (route, body) => {
    const { cookie, user } = await signUpAndLogin(app);
    // A chat attachment goes to a conversation of the uploader's own.
    const url = route.includes('{id}') ? route.replace('{id}', await conversationOf({ cookie }, await signUpDesigner(app))) : route;
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
