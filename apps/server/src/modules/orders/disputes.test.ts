import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, orders } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';
import { applyAdminCommand } from '../admin/index.js';
import { autoCompleteOrders } from './orders.service.js';

/** Disputes and partial refunds (docs/decisions/0035), through the HTTP API; the books balance after each test. */
const { app, ctx } = await useTestApp();
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

const admin = await signUpAndLogin(app);
await applyAdminCommand(ctx.db, 'grant', admin.input.email);

async function uploadFile(who: Session, name = 'design.stl') {
  const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data: binaryStl() }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

/** An order of 25.00, paid and delivered. */
async function deliveredOrder() {
  const { designer, service } = await designerWithService(app);
  const buyer = await signUpAndLogin(app);
  const stranger = await signUpAndLogin(app);
  const intent = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).json();
  expect((await call(buyer, 'POST', `/api/payments/${intent._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: intent._id })).statusCode).toBe(200);
  const delivered = await call(designer, 'POST', `/api/orders/${intent.orderId}/deliver`, { files: [(await uploadFile(designer))._id] });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { designer, buyer, stranger, orderId: intent.orderId as string, paymentId: intent._id as string };
}

const STATEMENT = { reason: 'poor_fit', statement: 'The margins are open on 11 and the contacts are too light.' };

async function disputedOrder() {
  const c = await deliveredOrder();
  const res = await call(c.buyer, 'POST', `/api/orders/${c.orderId}/dispute`, { ...STATEMENT, files: [(await uploadFile(c.buyer, 'photo-fit.stl'))._id] });
  expect(res.statusCode, res.body).toBe(201);
  return c;
}

const balance = async (who: Session) => (await call(who, 'GET', '/api/orders/balance')).json();
const detail = async (who: Session, orderId: string) => (await call(who, 'GET', `/api/orders/${orderId}`)).json();
const kindsFor = async (userId: string) => (await ctx.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);

describe('disputes', () => {
  it('the buyer disputes a delivery: 201, disputed, auto-completion stops, the designer is told and may answer once', async () => {
    const c = await deliveredOrder();
    // Only the buyer, with a reason and a statement.
    expect((await call(c.designer, 'POST', `/api/orders/${c.orderId}/dispute`, STATEMENT)).statusCode).toBe(403);
    expect((await call(c.stranger, 'POST', `/api/orders/${c.orderId}/dispute`, STATEMENT)).statusCode).toBe(403);
    const bad = await call(c.buyer, 'POST', `/api/orders/${c.orderId}/dispute`, { reason: 'whatever', statement: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['reason', 'statement']);
    expect((await detail(c.buyer, c.orderId)).status).toBe('delivered');

    const opened = await call(c.buyer, 'POST', `/api/orders/${c.orderId}/dispute`, STATEMENT);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ status: 'disputed', dispute: { reason: 'poor_fit', statement: STATEMENT.statement, status: 'open', response: null }, actions: [] });
    expect((await call(c.buyer, 'POST', `/api/orders/${c.orderId}/dispute`, STATEMENT)).statusCode).toBe(409);
    expect((await call(c.buyer, 'POST', `/api/orders/${c.orderId}/accept`)).statusCode).toBe(409);
    expect(await kindsFor(c.designer.user._id)).toContain('order_disputed');

    // Ten days later the scheduler still leaves it alone: the money stays in escrow.
    await autoCompleteOrders(ctx, new Date(Date.now() + 10 * 86_400_000));
    expect((await detail(c.buyer, c.orderId)).status).toBe('disputed');
    expect(await balance(c.designer)).toMatchObject({ escrow: 25, available: 0 });

    expect((await detail(c.designer, c.orderId)).actions).toEqual(['respond', 'offerRefund']);
    expect((await call(c.buyer, 'POST', `/api/orders/${c.orderId}/dispute/response`, { statement: 'I am the buyer, not the designer.' })).statusCode).toBe(403);
    expect((await call(c.stranger, 'POST', `/api/orders/${c.orderId}/dispute/response`, { statement: 'Not my order at all, though.' })).statusCode).toBe(403);
    const file = await uploadFile(c.designer, 'fit-check.stl');
    const answered = await call(c.designer, 'POST', `/api/orders/${c.orderId}/dispute/response`, { statement: 'The scan of 11 was distorted; see the fit check.', files: [file._id] });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().dispute).toMatchObject({ response: 'The scan of 11 was distorted; see the fit check.' });
    expect(answered.json().events.find((e: { type: string }) => e.type === 'dispute_answered').files.map((f: { _id: string }) => f._id)).toEqual([file._id]);
    expect(answered.json().actions).toEqual(['offerRefund']);
    expect((await call(c.designer, 'POST', `/api/orders/${c.orderId}/dispute/response`, { statement: 'And a second answer, too.' })).statusCode).toBe(409);
    expect(await kindsFor(c.buyer.user._id)).toContain('dispute_answered');
  });

  it('administrators alone see open disputes with both statements, files and timeline', async () => {
    const c = await disputedOrder();
    expect((await call(null, 'GET', '/api/admin/disputes')).statusCode).toBe(401);
    expect((await call(c.buyer, 'GET', '/api/admin/disputes')).statusCode).toBe(403);
    expect((await call(c.designer, 'POST', `/api/admin/disputes/${c.orderId}/resolve`, { outcome: 'release' })).statusCode).toBe(403);
    const list = (await call(admin, 'GET', '/api/admin/disputes')).json() as Array<{ _id: string; dispute: { statement: string }; events: { type: string; files: unknown[] }[]; prescription: object; actions: string[] }>;
    const row = list.find((o) => o._id === c.orderId)!;
    expect(row.dispute.statement).toBe(STATEMENT.statement);
    expect(row.events.map((e) => e.type)).toEqual(['created', 'paid', 'delivered', 'disputed']);
    expect(row.events.at(-1)!.files).toHaveLength(1);
    expect(row.prescription).toBeTruthy();
    expect(row.actions).toEqual([]);
  });

  it("an administrator reads a disputed order's files to decide it, and no other order's; strangers never", async () => {
    const c = await disputedOrder();
    const file = (await detail(c.buyer, c.orderId)).events.at(-1).files[0] as { _id: string };
    const url = `/api/orders/${c.orderId}/files/${file._id}`;
    expect((await call(admin, 'GET', url)).statusCode).toBe(200);
    expect((await call(c.stranger, 'GET', url)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const other = await deliveredOrder();
    const delivered = (await detail(other.buyer, other.orderId)).events.at(-1).files[0] as { _id: string };
    expect((await call(admin, 'GET', `/api/orders/${other.orderId}/files/${delivered._id}`)).statusCode).toBe(403);
    // Once decided, the files are the parties' alone again.
    expect((await call(admin, 'POST', `/api/admin/disputes/${c.orderId}/resolve`, { outcome: 'release' })).statusCode).toBe(200);
    expect((await call(admin, 'GET', url)).statusCode).toBe(403);
  });

  it('release: all to the designer less the fee, the order completes, both are told', async () => {
    const c = await disputedOrder();
    const res = await call(admin, 'POST', `/api/admin/disputes/${c.orderId}/resolve`, { outcome: 'release' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', dispute: { status: 'resolved', outcome: 'release', buyerAmount: 0, designerAmount: 25, fee: 2.5 } });
    expect(await balance(c.designer)).toMatchObject({ escrow: 0, available: 22.5, reserved: 0 });
    expect(await kindsFor(c.buyer.user._id)).toContain('dispute_resolved');
    expect(await kindsFor(c.designer.user._id)).toContain('dispute_resolved');
    expect((await detail(c.buyer, c.orderId)).actions).toEqual(['review']);
    // Final.
    expect((await call(admin, 'POST', `/api/admin/disputes/${c.orderId}/resolve`, { outcome: 'refund' })).statusCode).toBe(409);
  });

  it('refund: all back to the buyer, the order is cancelled and the payment refunded; no fee', async () => {
    const c = await disputedOrder();
    const res = await call(admin, 'POST', `/api/admin/disputes/${c.orderId}/resolve`, { outcome: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', dispute: { outcome: 'refund', buyerAmount: 25, designerAmount: 0, fee: 0 } });
    expect(res.json().events.map((e: { type: string }) => e.type)).toContain('refunded');
    expect(await balance(c.designer)).toMatchObject({ escrow: 0, available: 0 });
    expect((await call(c.buyer, 'GET', `/api/payments/${c.paymentId}`)).json().status).toBe('refunded');
  });

  it('split: an amount each summing to the price, the fee on the designer part only; three at once resolve once', async () => {
    const c = await disputedOrder();
    const url = `/api/admin/disputes/${c.orderId}/resolve`;
    const wrongSum = await call(admin, 'POST', url, { outcome: 'split', buyerAmount: 10, designerAmount: 10 });
    expect(wrongSum.statusCode).toBe(400);
    expect(Object.keys(wrongSum.json().fieldErrors).sort()).toEqual(['buyerAmount', 'designerAmount']);
    expect((await call(admin, 'POST', url, { outcome: 'split', buyerAmount: 25 })).statusCode).toBe(400);
    expect((await call(admin, 'POST', url, { outcome: 'halve' })).statusCode).toBe(400);
    expect((await detail(c.buyer, c.orderId)).status).toBe('disputed');

    const results = await Promise.all([1, 2, 3].map(() => call(admin, 'POST', url, { outcome: 'split', buyerAmount: 10, designerAmount: 15 })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const done = results.find((r) => r.statusCode === 200)!.json();
    expect(done).toMatchObject({ status: 'completed', dispute: { outcome: 'split', buyerAmount: 10, designerAmount: 15, fee: 1.5 } });
    expect(await balance(c.designer)).toMatchObject({ escrow: 0, available: 13.5 });
    const totals = (await call(admin, 'GET', '/api/admin/totals')).json();
    expect(totals.sum).toBe(0);
    expect((await call(c.designer, 'GET', '/api/admin/totals')).statusCode).toBe(403);
  });

  it('an unknown order or one with no dispute is 404; an order not disputed cannot be resolved', async () => {
    const c = await deliveredOrder();
    expect((await call(admin, 'POST', `/api/admin/disputes/${c.orderId}/resolve`, { outcome: 'release' })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/admin/disputes/00000000-0000-4000-8000-000000000000/resolve', { outcome: 'release' })).statusCode).toBe(404);
    expect((await detail(c.buyer, c.orderId)).status).toBe('delivered');
  });
});

describe('partial refunds', () => {
  it('the designer offers part of the price; the buyer accepts: completed, that part refunded, the rest released less its fee', async () => {
    const c = await deliveredOrder();
    const url = `/api/orders/${c.orderId}/partial-refund`;
    expect((await call(c.buyer, 'POST', url, { amount: 5 })).statusCode).toBe(403);
    expect((await call(c.stranger, 'POST', url, { amount: 5 })).statusCode).toBe(403);
    const tooMuch = await call(c.designer, 'POST', url, { amount: 25 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors).toHaveProperty('amount');
    expect((await call(c.designer, 'POST', url, { amount: -1 })).statusCode).toBe(400);

    const offered = await call(c.designer, 'POST', url, { amount: 5, note: 'For the light contacts.' });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().refundOffer).toEqual({ amount: 5, note: 'For the light contacts.' });
    expect((await call(c.designer, 'POST', url, { amount: 6 })).statusCode).toBe(409); // one offer at a time
    expect(await kindsFor(c.buyer.user._id)).toContain('refund_offered');
    expect((await detail(c.buyer, c.orderId)).actions).toEqual(['accept', 'revision', 'dispute', 'acceptRefund', 'declineRefund']);

    expect((await call(c.designer, 'POST', `${url}/accept`)).statusCode).toBe(403);
    expect((await call(c.stranger, 'POST', `${url}/accept`)).statusCode).toBe(403);
    const results = await Promise.all([1, 2].map(() => call(c.buyer, 'POST', `${url}/accept`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json()).toMatchObject({ status: 'completed', refundOffer: null });
    expect(await balance(c.designer)).toMatchObject({ escrow: 0, available: 18 }); // 20 less 10%
    expect(await kindsFor(c.designer.user._id)).toContain('refund_accepted');
  });

  it('declined, the offer lapses and the order stays; a new offer during a dispute, accepted, ends the dispute', async () => {
    const c = await disputedOrder();
    const url = `/api/orders/${c.orderId}/partial-refund`;
    expect((await call(c.buyer, 'POST', `${url}/decline`)).statusCode).toBe(409); // nothing to decline
    expect((await call(c.designer, 'POST', url, { amount: 2 })).statusCode).toBe(200);
    const declined = await call(c.buyer, 'POST', `${url}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'disputed', refundOffer: null });
    expect(await kindsFor(c.designer.user._id)).toContain('refund_declined');

    expect((await call(c.designer, 'POST', url, { amount: 12.5 })).statusCode).toBe(200);
    const accepted = await call(c.buyer, 'POST', `${url}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'completed', dispute: { status: 'resolved', outcome: 'split', buyerAmount: 12.5, designerAmount: 12.5 } });
    expect((await call(admin, 'GET', '/api/admin/disputes')).json().map((o: { _id: string }) => o._id)).not.toContain(c.orderId);
    const [row] = await ctx.db.select().from(orders).where(and(eq(orders.id, c.orderId)));
    expect(row!.refundOfferAmount).toBeNull();
  });
});
