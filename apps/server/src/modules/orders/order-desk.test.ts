import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';
import { baseUrl, nextEvent, socketFor, type ClientSocket } from '../../../test/sockets.js';

/** The order desk (docs/decisions/0033): numbers, the list's filters and paging, due dates, extensions, review replies, live updates. */
const { app, ctx } = await useTestApp();
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const DAY = 86_400_000;

async function intentFor(buyer: Session, serviceId: string, body: Record<string, unknown> = {}) {
  const res = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: serviceId, quantity: 1, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; orderId: string };
}

async function pay(buyer: Session, paymentId: string) {
  expect((await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  const confirmed = await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json();
}

/** A designer's service (delivery in `deliveryTime` days), a buyer, and a paid order of it. */
async function paidOrder(overrides: Record<string, unknown> = {}, body: Record<string, unknown> = {}) {
  const { designer, service } = await designerWithService(app, overrides);
  const buyer = await signUpAndLogin(app);
  const stranger = await signUpAndLogin(app);
  const intent = await intentFor(buyer, service._id, body);
  await pay(buyer, intent._id);
  return { designer, buyer, stranger, service, orderId: intent.orderId };
}

async function deliver(designer: Session, orderId: string) {
  const body = multipart({}, [{ field: 'file', name: 'design.stl', type: 'application/octet-stream', data: binaryStl() }]);
  const file = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: designer.cookie } });
  expect(file.statusCode, file.body).toBe(201);
  return call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [file.json()._id] });
}

const detail = async (who: Session, orderId: string) => (await call(who, 'GET', `/api/orders/${orderId}`)).json();
const list = async (who: Session, query = '') => {
  const res = await call(who, 'GET', `/api/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Array<{ _id: string; number: string; status: string; actions: string[] }>, total: Number(res.headers['x-total-count']) };
};

describe('order numbers', () => {
  it('gives every order its own C- number, also when many are placed at once', async () => {
    const { service } = await designerWithService(app);
    const buyers = await Promise.all(Array.from({ length: 3 }, () => signUpAndLogin(app)));
    const intents = await Promise.all(buyers.flatMap((buyer) => Array.from({ length: 4 }, () => intentFor(buyer, service._id))));
    const numbers = await Promise.all(intents.map(async (intent, i) => (await detail(buyers[Math.floor(i / 4)]!, intent.orderId)).number as string));
    expect(new Set(numbers).size).toBe(12);
    for (const number of numbers) expect(number).toMatch(/^C-\d{5,}$/);
    // The number names an order; it opens nothing: a stranger searching by it finds nothing, and the URL wants the id.
    const stranger = await signUpAndLogin(app);
    expect((await list(stranger, `?q=${numbers[0]}`)).total).toBe(0);
    expect((await call(stranger, 'GET', `/api/orders/${numbers[0]}`)).statusCode).toBe(404);
  });
});

describe('the orders list', () => {
  it('filters by status, active and awaiting me, searches, sorts and pages with X-Total-Count', async () => {
    const { designer, service } = await designerWithService(app, { deliveryTime: 3 });
    const buyer = await signUpAndLogin(app);
    const made: Array<{ orderId: string; paymentId: string }> = [];
    for (const caseRef of ['SMITH-1', 'JONES-2', 'BROWN-3', 'GREEN-4']) {
      const intent = await intentFor(buyer, service._id, { prescription: { caseRef } });
      made.push({ orderId: intent.orderId, paymentId: intent._id });
    }
    const [a, b, c, unpaid] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0], (typeof made)[0]];
    for (const o of [a, b, c]) await pay(buyer, o.paymentId);
    expect((await deliver(designer, b.orderId)).statusCode).toBe(200);

    // The buyer sees all four; the designer the three paid ones.
    expect((await list(buyer)).total).toBe(4);
    expect((await list(designer)).total).toBe(3);
    // Awaiting payment, apart.
    expect((await list(buyer, '?status=pending_payment')).rows.map((r) => r._id)).toEqual([unpaid.orderId]);
    expect((await list(designer, '?status=pending_payment')).total).toBe(0);
    // Active: paid and not finished.
    expect((await list(buyer, '?status=active')).total).toBe(3);
    // Awaiting my action: the buyer has the delivered one to accept, the designer the two to deliver.
    expect((await list(buyer, '?status=awaiting_me')).rows.map((r) => r._id)).toEqual([b.orderId]);
    expect(new Set((await list(designer, '?status=awaiting_me')).rows.map((r) => r._id))).toEqual(new Set([a.orderId, c.orderId]));
    expect((await list(designer, '?status=delivered')).rows.map((r) => r._id)).toEqual([b.orderId]);

    // Search by case reference, title and number.
    expect((await list(buyer, '?q=jones')).rows.map((r) => r._id)).toEqual([b.orderId]);
    expect((await list(buyer, '?q=zirconia')).total).toBe(4);
    const number = (await detail(buyer, c.orderId)).number as string;
    expect((await list(designer, `?q=${number}`)).rows.map((r) => r._id)).toEqual([c.orderId]);
    expect((await list(designer, `?q=${number.slice(2)}`)).rows.map((r) => r._id)).toEqual([c.orderId]);
    expect((await list(buyer, '?q=%25')).total).toBe(0); // a wildcard is a character, not a pattern

    // Sorted by due date: make c due first.
    await ctx.db.update(orders).set({ dueAt: new Date(Date.now() + DAY) }).where(eq(orders.id, c.orderId));
    expect((await list(designer, '?sort=due')).rows[0]!._id).toBe(c.orderId);
    // By activity: the latest change first (b was delivered last).
    expect((await list(designer, '?sort=activity')).rows[0]!._id).toBe(b.orderId);

    // Pages: two, then one, the total the same.
    const first = await list(buyer, '?limit=2&offset=0');
    const second = await list(buyer, '?limit=2&offset=2');
    const third = await list(buyer, '?limit=2&offset=4');
    expect([first.rows.length, second.rows.length, third.rows.length]).toEqual([2, 2, 0]);
    expect(new Set([...first.rows, ...second.rows].map((r) => r._id)).size).toBe(4);
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);

    // Bad queries are 400s.
    for (const query of ['?status=lost', '?sort=price', '?limit=101', '?limit=0', '?offset=-1']) {
      const res = await call(buyer, 'GET', `/api/orders${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    // Another user sees none of them, whatever they ask.
    const stranger = await signUpAndLogin(app);
    expect((await list(stranger, '?q=SMITH')).total).toBe(0);
    expect((await list(stranger, '?status=awaiting_me')).total).toBe(0);
    expect((await call(null, 'GET', '/api/orders')).statusCode).toBe(401);
  });

  it('is no longer capped: more than a page is paged', async () => {
    const { service } = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    for (let i = 0; i < 3; i += 1) await intentFor(buyer, service._id);
    const page = await list(buyer, '?limit=1&offset=2');
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(3);
  });
});

describe('due dates and lateness', () => {
  it('sets dueAt at payment from the delivery time, and marks it late for both once passed', async () => {
    const before = Date.now();
    const { designer, buyer, orderId } = await paidOrder({ deliveryTime: 4 });
    const order = await detail(buyer, orderId);
    const dueAt = new Date(order.dueAt).getTime();
    expect(dueAt).toBeGreaterThanOrEqual(before + 4 * DAY);
    expect(dueAt).toBeLessThanOrEqual(Date.now() + 4 * DAY);
    expect(order).toMatchObject({ late: false, extension: null });
    expect(order.lastActivityAt).toBe(order.updatedAt);

    await ctx.db.update(orders).set({ dueAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, orderId));
    expect(await detail(buyer, orderId)).toMatchObject({ late: true });
    expect(await detail(designer, orderId)).toMatchObject({ late: true });
    expect((await list(designer)).rows[0]).toMatchObject({ late: true });
    // Delivered: no longer late.
    expect((await deliver(designer, orderId)).json()).toMatchObject({ status: 'delivered', late: false });
  });

  it('uses the prescription due date when the buyer gave one, and has none before payment', async () => {
    const { service } = await designerWithService(app, { deliveryTime: 2 });
    const buyer = await signUpAndLogin(app);
    const dueBy = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const intent = await intentFor(buyer, service._id, { prescription: { dueBy } });
    expect(await detail(buyer, intent.orderId)).toMatchObject({ dueAt: null, late: false });
    await pay(buyer, intent._id);
    expect((await detail(buyer, intent.orderId)).dueAt).toBe(`${dueBy}T23:59:59.000Z`);
  });
});

describe('deadline extensions', () => {
  it('the designer asks, the buyer accepts: dueAt moves and the timeline says so', async () => {
    const { designer, buyer, stranger, orderId } = await paidOrder();
    const due = new Date((await detail(buyer, orderId)).dueAt).getTime();

    // Only the designer asks, with 1-30 days and a reason.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/extension`, { days: 2, reason: 'x' })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `/api/orders/${orderId}/extension`, { days: 2, reason: 'x' })).statusCode).toBe(403);
    for (const bad of [{ days: 0, reason: 'x' }, { days: 31, reason: 'x' }, { days: 2, reason: '' }, { reason: 'x' }]) {
      const res = await call(designer, 'POST', `/api/orders/${orderId}/extension`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().fieldErrors).toBeTruthy();
    }
    const asked = await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 3, reason: 'The margin is unclear on the scan.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ extension: { days: 3, reason: 'The margin is unclear on the scan.' }, unavailable: { extension: 'A request for more time is already waiting for an answer.' } });
    expect(asked.json().actions).not.toContain('extension');
    // One at a time.
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 1, reason: 'More.' })).statusCode).toBe(409);

    // The buyer is offered the answer; nobody else may give it.
    expect((await detail(buyer, orderId)).actions).toEqual(expect.arrayContaining(['extensionAccept', 'extensionDecline']));
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension/accept`)).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `/api/orders/${orderId}/extension/accept`)).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `/api/orders/${orderId}/extension/decline`)).statusCode).toBe(403);
    expect(new Date((await detail(buyer, orderId)).dueAt).getTime()).toBe(due);

    const accepted = await call(buyer, 'POST', `/api/orders/${orderId}/extension/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'in_progress', extension: null });
    expect(new Date(accepted.json().dueAt).getTime()).toBe(due + 3 * DAY);
    expect(accepted.json().events.map((e: { type: string; days: number | null }) => [e.type, e.days]).slice(-2)).toEqual([
      ['extension_requested', 3],
      ['extension_accepted', 3],
    ]);
    // Answered: a second answer is refused and changes nothing.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/extension/accept`)).statusCode).toBe(409);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/extension/decline`)).statusCode).toBe(409);
    expect(new Date((await detail(buyer, orderId)).dueAt).getTime()).toBe(due + 3 * DAY);
  });

  it('the buyer declines: dueAt stays; after delivery no extension is possible', async () => {
    const { designer, buyer, orderId } = await paidOrder();
    const due = (await detail(buyer, orderId)).dueAt;
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 5, reason: 'Busy week.' })).statusCode).toBe(200);
    const declined = await call(buyer, 'POST', `/api/orders/${orderId}/extension/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ dueAt: due, extension: null });
    expect(declined.json().events.at(-1)).toMatchObject({ type: 'extension_declined', days: 5, actor: { _id: buyer.user._id } });
    // A request left waiting is dropped by the delivery.
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 1, reason: 'One more day.' })).statusCode).toBe(200);
    expect((await deliver(designer, orderId)).json()).toMatchObject({ status: 'delivered', extension: null });
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 1, reason: 'Late.' })).statusCode).toBe(409);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/extension/accept`)).statusCode).toBe(409);
  });

  it('an unknown or malformed order is a 404', async () => {
    const { designer } = await designerWithService(app);
    expect((await call(designer, 'POST', '/api/orders/00000000-0000-4000-8000-000000000000/extension', { days: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await call(designer, 'POST', '/api/orders/C-10001/extension/accept')).statusCode).toBe(404);
  });
});

describe('review replies', () => {
  it('the designer replies once; nobody else may; the reply shows with the review', async () => {
    const { designer, buyer, stranger, service, orderId } = await paidOrder();
    expect((await deliver(designer, orderId)).statusCode).toBe(200);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/accept`)).statusCode).toBe(200);
    const review = await call(buyer, 'POST', '/api/reviews', { orderId, star: 4, desc: 'Good fit.' });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json()).toMatchObject({ reply: null, sellerId: designer.user._id });
    const id = review.json()._id as string;

    expect((await call(buyer, 'POST', `/api/reviews/${id}/reply`, { text: 'Thanks!' })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `/api/reviews/${id}/reply`, { text: 'Thanks!' })).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/reviews/${id}/reply`, { text: 'Thanks!' })).statusCode).toBe(401);
    expect((await call(designer, 'POST', `/api/reviews/${id}/reply`, { text: '' })).statusCode).toBe(400);
    expect((await call(designer, 'POST', `/api/reviews/${id}/reply`, { text: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call(designer, 'POST', '/api/reviews/00000000-0000-4000-8000-000000000000/reply', { text: 'Hi' })).statusCode).toBe(404);

    const replied = await call(designer, 'POST', `/api/reviews/${id}/reply`, { text: 'Thank you, glad it fitted.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().reply).toMatchObject({ text: 'Thank you, glad it fitted.' });
    const again = await call(designer, 'POST', `/api/reviews/${id}/reply`, { text: 'Again' });
    expect(again.statusCode).toBe(409);

    const forService = (await call(null, 'GET', `/api/reviews?serviceId=${service._id}`)).json();
    expect(forService[0].reply.text).toBe('Thank you, glad it fitted.');
    const forDesigner = (await call(null, 'GET', `/api/reviews?userId=${designer.user._id}`)).json();
    expect(forDesigner[0].reply.text).toBe('Thank you, glad it fitted.');
  });
});

describe('live order updates', () => {
  const sockets: ClientSocket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  it('sends order:updated to both parties on every change, and to nobody else', async () => {
    const url = await baseUrl(app);
    const { designer, service } = await designerWithService(app);
    const buyer = await signUpAndLogin(app);
    const stranger = await signUpAndLogin(app);
    const [buyerSocket, designerSocket, strangerSocket] = await Promise.all([socketFor(url, buyer.cookie), socketFor(url, designer.cookie), socketFor(url, stranger.cookie)]);
    sockets.push(buyerSocket, designerSocket, strangerSocket);
    const strangerHeard: unknown[] = [];
    strangerSocket.on('order:updated', (event) => strangerHeard.push(event));

    const intent = await intentFor(buyer, service._id);
    let events = [nextEvent(buyerSocket, 'order:updated'), nextEvent(designerSocket, 'order:updated')];
    await pay(buyer, intent._id);
    expect(await Promise.all(events)).toEqual([
      { orderId: intent.orderId, status: 'in_progress' },
      { orderId: intent.orderId, status: 'in_progress' },
    ]);

    events = [nextEvent(buyerSocket, 'order:updated'), nextEvent(designerSocket, 'order:updated')];
    expect((await call(designer, 'POST', `/api/orders/${intent.orderId}/extension`, { days: 1, reason: 'Need a day.' })).statusCode).toBe(200);
    expect(await Promise.all(events)).toEqual([
      { orderId: intent.orderId, status: 'in_progress' },
      { orderId: intent.orderId, status: 'in_progress' },
    ]);

    events = [nextEvent(buyerSocket, 'order:updated'), nextEvent(designerSocket, 'order:updated')];
    expect((await deliver(designer, intent.orderId)).statusCode).toBe(200);
    expect(await Promise.all(events)).toEqual([
      { orderId: intent.orderId, status: 'delivered' },
      { orderId: intent.orderId, status: 'delivered' },
    ]);

    events = [nextEvent(buyerSocket, 'order:updated'), nextEvent(designerSocket, 'order:updated')];
    expect((await call(buyer, 'POST', `/api/orders/${intent.orderId}/revision`, { note: 'Thinner.' })).statusCode).toBe(200);
    expect((await Promise.all(events)).map((e) => e.status)).toEqual(['revision_requested', 'revision_requested']);

    // The stranger's socket heard none of it: a last event to them proves their socket is live and ordered.
    const ownIntent = await intentFor(stranger, service._id);
    const own = nextEvent(strangerSocket, 'order:updated');
    await pay(stranger, ownIntent._id);
    expect(await own).toEqual({ orderId: ownIntent.orderId, status: 'in_progress' });
    expect(strangerHeard).toEqual([{ orderId: ownIntent.orderId, status: 'in_progress' }]);
  });
});
