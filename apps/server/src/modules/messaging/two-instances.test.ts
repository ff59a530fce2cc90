import { afterAll, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, signUpDesigner } from '../../../test/helper.js';
import { baseUrl, nextEvent, socketFor } from '../../../test/sockets.js';

// Scale-out delivery needs a shared PostgreSQL and Redis (CI has both; see .ci/run).
const redisUrl = process.env.TEST_REDIS_URL;
const shared = !!process.env.TEST_DATABASE_URL && !!redisUrl;

it.runIf(shared)('delivers a message sent through one instance to a client of another', async () => {
  const one = await buildTestApp({ REDIS_URL: redisUrl! });
  const two = await buildTestApp({ REDIS_URL: redisUrl! }, { databaseUrl: one.databaseUrl });
  afterAll(async () => {
    await two.close();
    await one.close();
  });
  const designer = await signUpDesigner(one.app);
  const buyer = await signUpAndLogin(one.app);
  // The session made on instance one works on instance two: sessions live in the database.
  const conversation = await two.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: buyer.cookie }, payload: { to: designer.user._id } });
  expect(conversation.statusCode).toBe(201);

  const designerOnTwo = await socketFor(await baseUrl(two.app), designer.cookie);
  const buyerOnOne = await socketFor(await baseUrl(one.app), buyer.cookie);
  const arrival = nextEvent(designerOnTwo, 'message:received');
  const ack = await buyerOnOne.emitWithAck('message:send', { conversationID: conversation.json()._id, description: 'Across instances', clientId: `x${Date.now()}` });
  expect(ack.ok).toBe(true);
  expect((await arrival).description).toBe('Across instances');
  designerOnTwo.disconnect();
  buyerOnOne.disconnect();
});

it.runIf(shared)('counts failed logins across instances (rate limits live in Redis)', async () => {
  const one = await buildTestApp({ REDIS_URL: redisUrl! });
  const two = await buildTestApp({ REDIS_URL: redisUrl! }, { databaseUrl: one.databaseUrl });
  afterAll(async () => {
    await two.close();
    await one.close();
  });
  const { input } = await signUpAndLogin(one.app);
  // An address of its own: Redis outlives the test, and other runs' failures must not count here.
  const remoteAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const wrong = (app: typeof one.app) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: 'not-the-password' }, remoteAddress });
  // Five failures per account and address go by (ADR 0021), and the sixth starts a block, spread over both instances...
  for (const app of [one.app, two.app, one.app, two.app, one.app, two.app]) expect((await wrong(app)).statusCode).toBe(401);
  // ...that either of them enforces.
  for (const app of [two.app, one.app]) {
    const blocked = await wrong(app);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  }
});
