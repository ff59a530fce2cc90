import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { enrollments, jobs, orders, payments, providerRefunds } from '../../db/schema/index.js';
import { coursesApi } from '../courses/test-support.js';
import { buildTestApp, signUpAndLogin } from '../../../test/helper.js';
import { designerWithService, endPayoutHold, expectLedgerBalanced, savePayoutDetails } from '../../../test/orders.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { applyAdminCommand } from '../admin/index.js';
import { verifyStripeSignature } from '../../platform/payments/stripe.js';

/**
 * The Stripe and Moyasar adapters against local servers that speak the providers' documented wire
 * formats (form-encoded PaymentIntents with Bearer keys; Moyasar JSON with HTTP Basic), recording
 * every request so the tests can check what the adapter sent.
 */
interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
function fakeProvider(handle: (r: Recorded) => { status: number; json: unknown }) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = { method: req.method!, url: req.url!, headers: req.headers, body };
      requests.push(r);
      const { status, json } = handle(r);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  return new Promise<{ url: string; requests: Recorded[]; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => server.close() }),
    ),
  );
}

const WEBHOOK_SECRET = 'whsec_test_secret_0123456789';
const signStripe = (body: string, t = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe('Stripe adapter', async () => {
  // The fake Stripe keeps PaymentIntents in memory, like the real one behind its API.
  const intents = new Map<string, { id: string; object: 'payment_intent'; status: string; amount: number; currency: string; client_secret: string; metadata: Record<string, string> }>();
  let n = 0;
  let stripeDown = false;
  /** The idempotency keys of the refunds Stripe carried out. */
  const refundsTaken: string[] = [];
  let transfersDown = false;
  let t = 0;
  const stripe = await fakeProvider((r) => {
    if (r.headers.authorization !== 'Bearer sk_test_cusp') return { status: 401, json: { error: { message: 'Invalid API Key provided' } } };
    if (r.method === 'POST' && r.url === '/v1/payment_intents') {
      const f = new URLSearchParams(r.body);
      const id = `pi_test${++n}`;
      const pi = {
        id,
        object: 'payment_intent' as const,
        status: 'requires_payment_method',
        amount: Number(f.get('amount')),
        currency: f.get('currency')!,
        client_secret: `${id}_secret_abc`,
        metadata: { paymentId: f.get('metadata[paymentId]')!, userId: f.get('metadata[userId]')! },
      };
      intents.set(id, pi);
      return { status: 200, json: pi };
    }
    const get = /^\/v1\/payment_intents\/(\w+)$/.exec(r.url);
    if (r.method === 'GET' && get) {
      const pi = intents.get(get[1]!);
      return pi ? { status: 200, json: pi } : { status: 404, json: { error: { message: 'No such payment_intent' } } };
    }
    if (r.method === 'POST' && r.url === '/v1/refunds') {
      if (stripeDown) return { status: 500, json: { error: { message: 'An error occurred with our connection to Stripe.' } } };
      refundsTaken.push(String(r.headers['idempotency-key']));
      return { status: 200, json: { id: 're_1', object: 'refund', status: 'succeeded' } };
    }
    if (r.method === 'POST' && r.url === '/v1/transfers') {
      // https://docs.stripe.com/api/transfers/create
      const f = new URLSearchParams(r.body);
      if (transfersDown) return { status: 500, json: { error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' } } };
      if (f.get('destination') === 'acct_1Restricted00') return { status: 400, json: { error: { type: 'invalid_request_error', message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers' } } };
      return { status: 200, json: { id: `tr_test${++t}`, object: 'transfer', amount: Number(f.get('amount')), currency: f.get('currency'), destination: f.get('destination'), metadata: { payoutId: f.get('metadata[payoutId]') } } };
    }
    return { status: 404, json: { error: { message: 'Unrecognized request URL' } } };
  });
  const { app, ctx, close } = await buildTestApp({
    PAYOUT_MINIMUM: '10',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_cusp',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_cusp',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  afterAll(async () => {
    await close();
    stripe.close();
  });
  afterEach(() => expectLedgerBalanced(ctx.db));

  async function newOrder() {
    const { service, designer } = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    const res = await app.inject({ method: 'POST', url: '/api/payments/intents', headers: { cookie: buyer.cookie }, payload: { type: 'service', id: service._id, quantity: 2 } });
    expect(res.statusCode, res.body).toBe(201);
    return { buyer, designer, intent: res.json() };
  }
  const confirm = (cookie: string, token: string) => app.inject({ method: 'PATCH', url: '/api/orders', headers: { cookie }, payload: { payment_intent: token } });
  const webhook = (body: string, signature: string | undefined) =>
    app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) } });
  const event = (id: string, pi: object) => JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: pi } });

  it('creates a PaymentIntent in minor units with our id in its metadata and hands out the client secret', async () => {
    const { intent, buyer } = await newOrder();
    const sent = stripe.requests.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers['idempotency-key']).toBe(`cusp-intent-${intent._id}`);
    const form = new URLSearchParams(sent.body);
    expect(Object.fromEntries(form)).toMatchObject({ amount: '5000', currency: 'usd', 'metadata[paymentId]': intent._id, 'metadata[userId]': buyer.user._id });
    expect(intent).toMatchObject({ provider: 'stripe', amount: 50, clientSecret: expect.stringMatching(/^pi_test\d+_secret_/) });
    expect((await app.inject({ url: '/api/payments/config' })).json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_cusp', currency: 'USD' });
    // No sandbox cards here.
    expect((await app.inject({ method: 'POST', url: `/api/payments/${intent._id}/sandbox-pay`, headers: { cookie: buyer.cookie }, payload: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'A B' } })).statusCode).toBe(404);
  });

  it('confirms an order only once Stripe says succeeded for the right amount, by pi_ id or our id', async () => {
    const { intent, buyer } = await newOrder();
    const piId = intent.clientSecret.split('_secret_')[0];
    expect((await confirm(buyer.cookie, piId)).statusCode).toBe(422); // still requires_payment_method
    const pi = intents.get(piId)!;
    pi.status = 'succeeded';
    pi.amount = 4999; // paid a cent short
    expect((await confirm(buyer.cookie, piId)).statusCode).toBe(422);
    pi.amount = 5000;
    pi.metadata.paymentId = '00000000-0000-4000-8000-000000000000'; // a PaymentIntent made for something else
    expect((await confirm(buyer.cookie, piId)).statusCode).toBe(422);
    pi.metadata.paymentId = intent._id;
    const ok = await confirm(buyer.cookie, piId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('in_progress');
    expect((await confirm(buyer.cookie, intent._id)).json().status).toBe('in_progress');
  });

  it('refunds through Stripe when a paid order is cancelled', async () => {
    const { intent, buyer } = await newOrder();
    const piId = intent.clientSecret.split('_secret_')[0];
    intents.get(piId)!.status = 'succeeded';
    await confirm(buyer.cookie, piId);
    const res = await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/cancel`, headers: { cookie: buyer.cookie }, payload: {} });
    expect(res.json().status).toBe('cancelled');
    await ctx.jobs.drain();
    const refund = stripe.requests.at(-1)!;
    expect(refund.url).toBe('/v1/refunds');
    expect(Object.fromEntries(new URLSearchParams(refund.body))).toEqual({ payment_intent: piId, amount: '5000' });
    expect(refund.headers['idempotency-key']).toBe(`cusp-refund-${intent._id}`);
  });

  it('a dispute split refunds the buyer\'s part through Stripe, with a key of its own; Stripe refusing changes nothing', async () => {
    const { intent, buyer, designer } = await newOrder();
    const piId = intent.clientSecret.split('_secret_')[0];
    intents.get(piId)!.status = 'succeeded';
    await confirm(buyer.cookie, piId);
    const body = multipart({}, [{ field: 'file', name: 'd.stl', type: 'application/octet-stream', data: binaryStl() }]);
    const file = (await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } })).json();
    await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/deliver`, headers: { cookie: designer.cookie }, payload: { files: [file._id] } });
    const disputed = await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/dispute`, headers: { cookie: buyer.cookie }, payload: { reason: 'incomplete', statement: 'Only one of the two crowns was delivered.' } });
    expect(disputed.statusCode, disputed.body).toBe(201);
    const admin = await signUpAndLogin(app);
    await applyAdminCommand(ctx.db, 'grant', admin.input.email);
    const resolve = () => app.inject({ method: 'POST', url: `/api/admin/disputes/${intent.orderId}/resolve`, headers: { cookie: admin.cookie }, payload: { outcome: 'split', buyerAmount: 20, designerAmount: 30 } });

    // Stripe down: the decision stands (booked, the order completed), and the refund waits in the queue, recorded.
    stripeDown = true;
    const done = await resolve();
    expect(done.statusCode, done.body).toBe(200);
    expect((await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, intent.orderId)))[0]!.s).toBe('completed');
    await ctx.jobs.drain();
    const refundRow = async () => (await ctx.db.select().from(providerRefunds).where(eq(providerRefunds.key, `${intent._id}-dispute`)))[0]!;
    await expect(refundRow()).resolves.toMatchObject({ status: 'pending', amount: 2000 });
    const [waiting] = await ctx.db.select().from(jobs).where(eq(jobs.key, `refund:${intent._id}-dispute`));
    expect(waiting).toMatchObject({ doneAt: null, attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();
    expect((await resolve()).statusCode, 'resolved once').toBe(409);

    // Back up: the retry (its delay cut short here) refunds the buyer's part once, with the dispute's own key.
    stripeDown = false;
    await ctx.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.id, waiting!.id));
    await ctx.jobs.drain();
    await ctx.jobs.drain();
    const refunds = stripe.requests.filter((r) => r.url === '/v1/refunds');
    const refund = refunds.at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(refund.body))).toEqual({ payment_intent: piId, amount: '2000' });
    expect(refund.headers['idempotency-key']).toBe(`cusp-refund-${intent._id}-dispute`);
    expect(refundsTaken.filter((key) => key === `cusp-refund-${intent._id}-dispute`)).toHaveLength(1);
    expect((await refundRow()).status).toBe('sent');
  });

  it('enrols a learner whose course payment Stripe confirms by webhook, though they never came back', async () => {
    const courses = coursesApi(app, ctx);
    const creator = await signUpAndLogin(app);
    const course = await courses.createCourse(creator.cookie, { title: 'Webhook course', price: 35 }, 1);
    const learner = await signUpAndLogin(app);
    const res = await app.inject({ method: 'POST', url: '/api/payments/intents', headers: { cookie: learner.cookie }, payload: { type: 'course', id: course._id } });
    expect(res.statusCode, res.body).toBe(201);
    const intent = res.json();
    const pi = intents.get(intent.clientSecret.split('_secret_')[0])!;
    pi.status = 'succeeded';
    const body = event(`evt_course_${intent._id}`, pi);
    expect((await webhook(body, signStripe(body))).statusCode).toBe(200);
    await ctx.jobs.drain();
    const [enrolment] = await ctx.db.select().from(enrollments).where(eq(enrollments.userId, learner.user._id));
    expect(enrolment).toMatchObject({ courseId: course._id, paymentId: intent._id, pricePaid: 3500 });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, intent._id));
    expect(payment).toMatchObject({ status: 'paid' });
    expect(payment!.usedAt).not.toBeNull();
  });

  it('acts on a signed webhook once, and on a badly signed one never', async () => {
    const { intent } = await newOrder();
    const piId = intent.clientSecret.split('_secret_')[0];
    const pi = intents.get(piId)!;
    pi.status = 'succeeded';
    const body = event('evt_1', pi);
    const status = async () => (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, intent.orderId)))[0]!.s;

    for (const bad of [undefined, signStripe(body, undefined, 'whsec_wrong'), signStripe(body, Math.floor(Date.now() / 1000) - 3600), 't=1,v1=00']) {
      const res = await webhook(body, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid webhook signature.');
    }
    expect(await status()).toBe('pending_payment');
    const tampered = await webhook(body.replace('"amount":5000', '"amount":1'), signStripe(body));
    expect(tampered.statusCode).toBe(400);

    expect((await webhook(body, signStripe(body))).json()).toEqual({ received: true });
    expect(await status()).toBe('in_progress');
    expect((await webhook(body, signStripe(body))).json()).toEqual({ received: true, duplicate: true });
    const [p] = await ctx.db.select().from(payments).where(eq(payments.id, intent._id));
    expect(p!.usedAt).not.toBeNull();
    // Event types we do not act on are acknowledged.
    const other = JSON.stringify({ id: 'evt_2', type: 'customer.created', data: { object: { object: 'customer' } } });
    expect((await webhook(other, signStripe(other))).statusCode).toBe(200);
  });

  it('pays a payout to a Stripe account by a Transfer, once, retried with the same key; Stripe refusing changes nothing', async () => {
    // A designer with a completed order of 50.00: 45.00 available.
    const { intent, buyer, designer } = await newOrder();
    const piId = intent.clientSecret.split('_secret_')[0];
    intents.get(piId)!.status = 'succeeded';
    await confirm(buyer.cookie, piId);
    const body = multipart({}, [{ field: 'file', name: 'd.stl', type: 'application/octet-stream', data: binaryStl() }]);
    const file = (await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } })).json();
    await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/deliver`, headers: { cookie: designer.cookie }, payload: { files: [file._id] } });
    expect((await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/accept`, headers: { cookie: buyer.cookie } })).statusCode).toBe(200);
    const as = (who: { cookie: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    const saved = await savePayoutDetails(app, designer, { method: 'stripe', stripeAccount: 'acct_1DesignerA1' });
    expect(saved.json()).toMatchObject({ method: 'stripe', stripeAccount: 'acct_••••erA1' });
    await endPayoutHold(ctx.db, designer.user._id); // saved three days ago (docs/decisions/0051)
    const requested = await as(designer, 'POST', '/api/payouts', { amount: 20 });
    expect(requested.statusCode, requested.body).toBe(201);
    const id = requested.json()._id;
    // The details changing afterwards does not move where this payout goes.
    expect((await savePayoutDetails(app, designer, { method: 'stripe', stripeAccount: 'acct_1Restricted00' })).statusCode).toBe(200);

    const admin = await signUpAndLogin(app);
    await applyAdminCommand(ctx.db, 'grant', admin.input.email);
    const pay = () => as(admin, 'POST', `/api/admin/payouts/${id}/paid`, {});
    expect((await as(designer, 'POST', `/api/admin/payouts/${id}/paid`, {})).statusCode).toBe(403);
    expect((await as(buyer, 'POST', `/api/admin/payouts/${id}/paid`, {})).statusCode).toBe(403);
    const listed = (await as(admin, 'GET', '/api/admin/payouts')).json().find((p: { _id: string }) => p._id === id);
    expect(listed).toMatchObject({ method: 'stripe', destination: 'acct_••••erA1', byTransfer: true });
    const before = stripe.requests.length;
    transfersDown = true;
    const down = await pay();
    expect(down.statusCode).toBe(503);
    // The library retried (STRIPE_MAX_RETRIES, default 2) with our idempotency key each time.
    const tries = stripe.requests.slice(before).filter((r) => r.url === '/v1/transfers');
    expect(tries.map((r) => r.headers['idempotency-key'])).toEqual([`cusp-transfer-${id}`, `cusp-transfer-${id}`, `cusp-transfer-${id}`]);
    expect((await as(designer, 'GET', '/api/payouts')).json()).toMatchObject({ reserved: 20, paidOut: 0, payouts: [{ _id: id, status: 'requested' }] });
    transfersDown = false;

    const results = await Promise.all([pay(), pay()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sent = stripe.requests.filter((r) => r.url === '/v1/transfers' && r.headers['idempotency-key'] === `cusp-transfer-${id}`).at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer sk_test_cusp');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({ amount: '2000', currency: 'usd', destination: 'acct_1DesignerA1', 'metadata[payoutId]': id });
    const paid = results.find((r) => r.statusCode === 200)!.json();
    expect(paid).toMatchObject({ status: 'paid', reference: expect.stringMatching(/^tr_test\d+$/) });
    expect((await as(designer, 'GET', '/api/payouts')).json()).toMatchObject({ available: 25, reserved: 0, paidOut: 20 });

    // Stripe refusing the account (a 4xx): 409 with its reason, the payout still requested, the money still reserved.
    // A payout to the new account waits for its hold (docs/decisions/0051); then it is asked for.
    expect((await as(designer, 'POST', '/api/payouts', { amount: 10 })).json().code).toBe('PAYOUT_DESTINATION_HELD');
    await endPayoutHold(ctx.db, designer.user._id);
    const second = (await as(designer, 'POST', '/api/payouts', { amount: 10 })).json();
    const refused = await as(admin, 'POST', `/api/admin/payouts/${second._id}/paid`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Stripe refused the transfer: .*capabilities/);
    expect((await as(designer, 'GET', '/api/payouts')).json()).toMatchObject({ available: 15, reserved: 10, paidOut: 20 });
    // The administrator can still reject it: the money returns.
    expect((await as(admin, 'POST', `/api/admin/payouts/${second._id}/rejected`, { reason: 'The Stripe account cannot receive transfers yet.' })).statusCode).toBe(200);
    expect((await as(designer, 'GET', '/api/payouts')).json()).toMatchObject({ available: 25, reserved: 0 });
  });

  it('checks signatures as Stripe documents them', () => {
    const body = '{"id":"evt_x"}';
    const now = Date.now();
    expect(verifyStripeSignature(body, signStripe(body, Math.floor(now / 1000)), WEBHOOK_SECRET, now)).toBe(true);
    expect(verifyStripeSignature(body, `${signStripe(body, Math.floor(now / 1000))},v1=deadbeef`, WEBHOOK_SECRET, now)).toBe(true);
    expect(verifyStripeSignature(body, signStripe(body, Math.floor(now / 1000) - 301), WEBHOOK_SECRET, now)).toBe(false);
    expect(verifyStripeSignature(`${body} `, signStripe(body, Math.floor(now / 1000)), WEBHOOK_SECRET, now)).toBe(false);
  });
});

describe('Moyasar adapter', async () => {
  const paid = new Map<string, { id: string; status: string; amount: number; currency: string; metadata: Record<string, string> }>();
  const moyasar = await fakeProvider((r) => {
    if (r.headers.authorization !== `Basic ${Buffer.from('sk_test_moyasar:').toString('base64')}`) return { status: 401, json: { type: 'authentication_error', message: 'Invalid authorization credentials' } };
    const get = /^\/v1\/payments\/([\w-]+)$/.exec(r.url);
    if (r.method === 'GET' && get) {
      const p = paid.get(get[1]!);
      return p ? { status: 200, json: p } : { status: 404, json: { type: 'api_error', message: 'Object not found' } };
    }
    const refund = /^\/v1\/payments\/([\w-]+)\/refund$/.exec(r.url);
    if (r.method === 'POST' && refund) return { status: 200, json: { ...paid.get(refund[1]!), status: 'refunded' } };
    return { status: 404, json: { message: 'not found' } };
  });
  const TOKEN = 'moyasar-webhook-token-123456';
  const { app, ctx, close } = await buildTestApp({
    PAYMENT_PROVIDER: 'moyasar',
    CURRENCY: 'SAR',
    MOYASAR_SECRET_KEY: 'sk_test_moyasar',
    MOYASAR_PUBLISHABLE_KEY: 'pk_test_moyasar',
    MOYASAR_WEBHOOK_TOKEN: TOKEN,
    MOYASAR_API_URL: moyasar.url,
  });
  afterAll(async () => {
    await close();
    moyasar.close();
  });
  afterEach(() => expectLedgerBalanced(ctx.db));

  async function newOrder() {
    const { service } = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    const intent = (await app.inject({ method: 'POST', url: '/api/payments/intents', headers: { cookie: buyer.cookie }, payload: { type: 'service', id: service._id, quantity: 1 } })).json();
    return { buyer, intent };
  }

  it('verifies the payment Moyasar returns to the callback by fetching it with the secret key', async () => {
    const { buyer, intent } = await newOrder();
    expect(intent).toMatchObject({ provider: 'moyasar', currency: 'SAR', amount: 25 });
    const moyasarId = '3f1a0b2c-0000-4000-8000-00000000abcd';
    const confirm = () => app.inject({ method: 'PATCH', url: '/api/orders', headers: { cookie: buyer.cookie }, payload: { payment_intent: intent._id, provider_payment_id: moyasarId } });
    expect((await confirm()).statusCode).toBe(422); // Moyasar does not know it
    paid.set(moyasarId, { id: moyasarId, status: 'paid', amount: 2500, currency: 'USD', metadata: { paymentId: intent._id } });
    expect((await confirm()).statusCode).toBe(422); // wrong currency
    paid.set(moyasarId, { id: moyasarId, status: 'paid', amount: 2500, currency: 'SAR', metadata: { paymentId: intent._id } });
    const ok = await confirm();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('in_progress');
    expect(moyasar.requests.at(-1)!.url).toBe(`/v1/payments/${moyasarId}`);
    // The same Moyasar payment cannot pay a second order.
    const second = await newOrder();
    const reuse = await app.inject({ method: 'PATCH', url: '/api/orders', headers: { cookie: second.buyer.cookie }, payload: { payment_intent: second.intent._id, provider_payment_id: moyasarId } });
    expect(reuse.statusCode).toBe(422);
  });

  it('an accepted partial refund goes back through Moyasar for that amount only', async () => {
    const { service, designer } = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    const intent = (await app.inject({ method: 'POST', url: '/api/payments/intents', headers: { cookie: buyer.cookie }, payload: { type: 'service', id: service._id, quantity: 1 } })).json();
    const id = '5c1d0000-0000-4000-8000-0000000000aa';
    paid.set(id, { id, status: 'paid', amount: 2500, currency: 'SAR', metadata: { paymentId: intent._id } });
    expect((await app.inject({ method: 'PATCH', url: '/api/orders', headers: { cookie: buyer.cookie }, payload: { payment_intent: intent._id, provider_payment_id: id } })).statusCode).toBe(200);
    const body = multipart({}, [{ field: 'file', name: 'd.stl', type: 'application/octet-stream', data: binaryStl() }]);
    const file = (await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } })).json();
    await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/deliver`, headers: { cookie: designer.cookie }, payload: { files: [file._id] } });
    expect((await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/partial-refund`, headers: { cookie: designer.cookie }, payload: { amount: 7.5 } })).statusCode).toBe(200);
    const accepted = await app.inject({ method: 'POST', url: `/api/orders/${intent.orderId}/partial-refund/accept`, headers: { cookie: buyer.cookie } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ctx.jobs.drain();
    const refund = moyasar.requests.at(-1)!;
    expect(refund.url).toBe(`/v1/payments/${id}/refund`);
    expect(JSON.parse(refund.body)).toEqual({ amount: 750 });
  });

  it('takes webhooks only with the secret token, once', async () => {
    const { intent } = await newOrder();
    const id = '7e2b0000-0000-4000-8000-0000000000ef';
    paid.set(id, { id, status: 'paid', amount: 2500, currency: 'SAR', metadata: { paymentId: intent._id } });
    const body = (token: string) => JSON.stringify({ id: 'whk_1', type: 'payment_paid', secret_token: token, data: paid.get(id) });
    const send = (token: string) => app.inject({ method: 'POST', url: '/api/payments/webhooks/moyasar', payload: body(token), headers: { 'content-type': 'application/json' } });
    expect((await send('wrong-token-wrong-token')).statusCode).toBe(400);
    const status = async () => (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, intent.orderId)))[0]!.s;
    expect(await status()).toBe('pending_payment');
    expect((await send(TOKEN)).json()).toEqual({ received: true });
    expect(await status()).toBe('in_progress');
    expect((await send(TOKEN)).json()).toEqual({ received: true, duplicate: true });
    // Stripe is not configured here: its webhook path refuses.
    expect((await app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(404);
  });
});
