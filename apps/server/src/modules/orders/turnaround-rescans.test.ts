import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { applyAdminCommand } from '../admin/index.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';

/**
 * Turnaround tiers, rescans and extra revisions (docs/decisions/0041): turnaround tiers priced by the server, rescans that stop and restart
 * the due clock, paid extra revisions whose money joins the order's escrow; and the notifications of more time,
 * rescans and extra revisions. The ledger balances after every test.
 */
const { app, ctx } = await useTestApp();
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string; username: string } };
const call = (who: Session | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
const DAY = 86_400_000;
const TIERS = { rush: { days: 1, surchargePercent: 40 }, standby: { days: 10, discountPercent: 20 } };

async function pay(buyer: Session, paymentId: string) {
  expect((await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  return call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId });
}

/** The ids of the caller's orders "awaiting my action". */
async function awaitingMe(who: Session): Promise<string[]> {
  const res = await call(who, 'GET', '/api/orders?status=awaiting_me');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Array<{ _id: string }>).map((o) => o._id);
}

async function upload(who: Session, name = 'scan.stl') {
  const body = multipart({}, [{ field: 'file', name, type: 'application/octet-stream', data: binaryStl() }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

/** A service (25.00 a unit, 3 days, one revision, tiers and 12.50 per extra revision unless overridden), a buyer and a paid order of it. */
async function paidOrder(overrides: Record<string, unknown> = {}, body: Record<string, unknown> = {}) {
  const { designer, service } = await designerWithService(app, { deliveryTime: 3, turnaround: TIERS, extraRevisionPrice: 12.5, ...overrides });
  const buyer = await signUpAndLogin(app);
  const stranger = await signUpAndLogin(app);
  const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1, ...body });
  expect(intent.statusCode, intent.body).toBe(201);
  const paidAt = Date.now();
  expect((await pay(buyer, intent.json()._id)).statusCode).toBe(200);
  return { designer, buyer, stranger, service, orderId: intent.json().orderId as string, intent: intent.json(), paidAt };
}

const detail = async (who: Session, orderId: string) => (await call(who, 'GET', `/api/orders/${orderId}`)).json();
const notices = async (who: Session) => (await call(who, 'GET', '/api/notifications')).json().items as Array<{ kind: string; link: string; params: Record<string, unknown> }>;

describe('turnaround tiers', () => {
  it('the designer sets them on the service, checked against the delivery time; the service JSON shows them', async () => {
    const { designer, service } = await designerWithService(app, { deliveryTime: 3, turnaround: TIERS, extraRevisionPrice: 12.5 });
    const shown = (await call(null, 'GET', `/api/services/single/${service._id}`)).json();
    expect(shown).toMatchObject({ turnaround: TIERS, extraRevisionPrice: 12.5, deliveryTime: 3 });

    // A rush as slow as the standard delivery, a standby as fast, a silly surcharge: 400 with the field, nothing changed.
    for (const [turnaround, field] of [
      [{ rush: { days: 3, surchargePercent: 10 }, standby: null }, 'turnaround.rush.days'],
      [{ rush: null, standby: { days: 2, discountPercent: 10 } }, 'turnaround.standby.days'],
      [{ rush: { days: 1, surchargePercent: 500 }, standby: null }, 'turnaround.rush.surchargePercent'],
    ] as const) {
      const res = await call(designer, 'PATCH', `/api/services/${service._id}`, { turnaround });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    }
    // Slowing the standard delivery past the standby tier is refused too.
    expect((await call(designer, 'PATCH', `/api/services/${service._id}`, { deliveryTime: 12 })).statusCode).toBe(400);
    expect((await call(designer, 'PATCH', `/api/services/${service._id}`, { extraRevisionPrice: -1 })).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/services/single/${service._id}`)).json()).toMatchObject({ turnaround: TIERS, extraRevisionPrice: 12.5, deliveryTime: 3 });

    // Another designer cannot change them.
    const { designer: other } = await designerWithService(app);
    expect((await call(other, 'PATCH', `/api/services/${service._id}`, { turnaround: { rush: null, standby: null } })).statusCode).toBe(403);

    // The owner drops the rush tier and the extra revisions.
    const edited = await call(designer, 'PATCH', `/api/services/${service._id}`, { turnaround: { rush: null, standby: TIERS.standby }, extraRevisionPrice: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ turnaround: { rush: null, standby: TIERS.standby }, extraRevisionPrice: null });
  });

  it('the server prices the tier and sets the due date from its days; the quote says the same', async () => {
    const { service } = await designerWithService(app, { deliveryTime: 3, turnaround: TIERS });
    const buyer = await signUpAndLogin(app);
    const quote = await call(buyer, 'POST', '/api/payments/quote', { type: 'service', id: service._id, quantity: 2, tier: 'rush' });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ total: 70, tier: 'rush', deliveryDays: 1 });
    expect(quote.json().lineItems).toEqual([
      expect.objectContaining({ total: 50, quantity: 2 }),
      expect.objectContaining({ kind: 'rush', percent: 40, total: 20 }),
    ]);

    for (const [tier, amount, days] of [
      ['rush', 35, 1],
      ['standby', 20, 10],
      [undefined, 25, 3],
    ] as const) {
      const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1, ...(tier ? { tier } : {}) });
      expect(intent.statusCode, intent.body).toBe(201);
      expect(intent.json().amount).toBe(amount);
      expect(intent.json().lineItems.reduce((sum: number, line: { total: number }) => sum + line.total, 0)).toBeCloseTo(amount, 2);
      const paidAt = Date.now();
      const order = (await pay(buyer, intent.json()._id)).json();
      expect(order).toMatchObject({ tier: tier ?? 'standard', price: amount, deliveryDays: days });
      const due = new Date(order.dueAt).getTime();
      expect(due).toBeGreaterThanOrEqual(paidAt + days * DAY);
      expect(due).toBeLessThan(Date.now() + days * DAY + 1);
    }
  });

  it('a bad tier or one the service does not offer is a 400 on `tier`, and no order is made', async () => {
    const { service } = await designerWithService(app, { deliveryTime: 3, turnaround: { rush: TIERS.rush, standby: null } });
    const buyer = await signUpAndLogin(app);
    const before = (await call(buyer, 'GET', '/api/orders?status=pending_payment')).headers['x-total-count'];
    for (const tier of ['express', 'standby', 7]) {
      const res = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1, tier });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('tier');
    }
    expect((await call(buyer, 'POST', '/api/payments/quote', { type: 'service', id: service._id, quantity: 1, tier: 'standby' })).statusCode).toBe(400);
    expect((await call(buyer, 'GET', '/api/orders?status=pending_payment')).headers['x-total-count']).toBe(before);
  });
});

describe('rescans', () => {
  it('the designer asks for new scans: the clock stops; the buyer’s files start it again with the time that was left', async () => {
    const { designer, buyer, stranger, orderId } = await paidOrder();
    const dueBefore = new Date((await detail(buyer, orderId)).dueAt).getTime();

    // Only the designer asks, with a reason.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: '' })).statusCode).toBe(400);

    const asked = await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'The prep margin on 36 is not captured.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const askedAt = Date.now();
    expect(asked.json()).toMatchObject({ waitingForScans: true, rescanReason: 'The prep margin on 36 is not captured.', dueAt: null, late: false });
    const left = asked.json().dueRemainingMs as number;
    expect(left).toBeGreaterThan(dueBefore - askedAt - 60_000);
    expect(left).toBeLessThanOrEqual(dueBefore - askedAt + 60_000);
    expect(asked.json().events.at(-1)).toMatchObject({ type: 'rescan_requested', note: 'The prep margin on 36 is not captured.' });
    // One request at a time.
    expect((await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'Again.' })).statusCode).toBe(409);
    // The next move is the buyer's: "awaiting my action" lists it for the buyer, no longer for the designer.
    expect(await awaitingMe(buyer)).toEqual([orderId]);
    expect(await awaitingMe(designer)).toEqual([]);
    // The buyer is told.
    expect((await notices(buyer))[0]).toMatchObject({ kind: 'rescan_requested', link: `/orders/${orderId}`, params: expect.objectContaining({ reason: 'The prep margin on 36 is not captured.' }) });

    // Files only of the buyer's own, by the buyer.
    const strangerFile = await upload(stranger);
    expect((await call(stranger, 'POST', `/api/orders/${orderId}/case-files`, { files: [strangerFile] })).statusCode).toBe(403);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [strangerFile] })).statusCode).toBe(400);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [] })).statusCode).toBe(400);
    const designerFile = await upload(designer);
    expect((await call(designer, 'POST', `/api/orders/${orderId}/case-files`, { files: [designerFile] })).statusCode).toBe(403);
    expect(await detail(buyer, orderId)).toMatchObject({ waitingForScans: true, dueAt: null });

    // The clock starts again from now with the time that was left.
    const file = await upload(buyer, 'upper-jaw-rescan.stl');
    const sent = await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [file], note: 'Rescanned with retraction cord.' });
    expect(sent.statusCode, sent.body).toBe(200);
    const sentAt = Date.now();
    const restarted = sent.json();
    expect(restarted).toMatchObject({ waitingForScans: false, rescanReason: null, dueRemainingMs: null });
    const due = new Date(restarted.dueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(askedAt + left - 1000);
    expect(due).toBeLessThanOrEqual(sentAt + left + 1000);
    expect(restarted.attachments.map((a: { _id: string }) => a._id)).toContain(file);
    expect(restarted.events.at(-1)).toMatchObject({ type: 'scans_added', note: 'Rescanned with retraction cord.', actor: { _id: buyer.user._id } });
    expect((await notices(designer))[0]).toMatchObject({ kind: 'scans_added', link: `/orders/${orderId}` });
    // The designer sees the same, and the delivery is their move again.
    expect(await detail(designer, orderId)).toMatchObject({ waitingForScans: false, dueAt: restarted.dueAt });
    expect(await awaitingMe(designer)).toEqual([orderId]);
    expect(await awaitingMe(buyer)).toEqual([]);
    // The same file cannot be attached twice.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [file] })).statusCode).toBe(400);
  });

  it('the clock starts again with the time that was left; late when it stopped stays late', async () => {
    const { designer, buyer, orderId } = await paidOrder();
    expect((await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'Blurry bite.' })).statusCode).toBe(200);
    // Two days were left when the clock stopped (set directly: the test cannot wait a day).
    await ctx.db.update(orders).set({ dueRemainingMs: 2 * DAY }).where(eq(orders.id, orderId));
    const sent = await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [await upload(buyer)] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Math.abs(new Date(sent.json().dueAt).getTime() - (Date.now() + 2 * DAY))).toBeLessThan(60_000);
    // Late when the clock stopped stays late when it starts again.
    expect((await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'Still blurry.' })).statusCode).toBe(200);
    await ctx.db.update(orders).set({ dueRemainingMs: -DAY }).where(eq(orders.id, orderId));
    const again = (await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [await upload(buyer)] })).json();
    expect(again.late).toBe(true);
  });

  it('more time accepted while waiting is added to the time left; a delivery ends the wait', async () => {
    const { designer, buyer, orderId } = await paidOrder();
    expect((await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'Blurry bite.' })).statusCode).toBe(200);
    const left = (await detail(buyer, orderId)).dueRemainingMs as number;
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 2, reason: 'Waiting for the scan.' })).statusCode).toBe(200);
    const accepted = (await call(buyer, 'POST', `/api/orders/${orderId}/extension/accept`)).json();
    expect(accepted).toMatchObject({ waitingForScans: true, dueAt: null, dueRemainingMs: left + 2 * DAY });
    // The extension's request and answer told the other party.
    const designerNotices = await notices(designer);
    expect(designerNotices[0]).toMatchObject({ kind: 'extension_accepted', link: `/orders/${orderId}` });
    expect((await notices(buyer)).map((n) => n.kind)).toContain('extension_requested');

    const file = await upload(designer, 'crown.stl');
    const delivered = await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [file] });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', waitingForScans: false });
    expect(delivered.json().dueAt).not.toBeNull();
    // No rescan or case files once delivered (409), nor for an unpaid order (its designer cannot see it: 404).
    expect((await call(designer, 'POST', `/api/orders/${orderId}/rescan`, { reason: 'Late.' })).statusCode).toBe(409);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/case-files`, { files: [await upload(buyer)] })).statusCode).toBe(409);
  });

  it('a declined extension tells the designer', async () => {
    const { designer, buyer, orderId } = await paidOrder();
    expect((await call(designer, 'POST', `/api/orders/${orderId}/extension`, { days: 4, reason: 'Lab backlog.' })).statusCode).toBe(200);
    expect((await notices(buyer))[0]).toMatchObject({ kind: 'extension_requested', params: expect.objectContaining({ days: 4, name: designer.user.username }) });
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/extension/decline`)).statusCode).toBe(200);
    expect((await notices(designer))[0]).toMatchObject({ kind: 'extension_declined', params: expect.objectContaining({ name: buyer.user.username }) });
  });
});

describe('extra revisions', () => {
  /** A paid order delivered with its one included revision used and delivered again. */
  async function usedUp(overrides: Record<string, unknown> = {}) {
    const o = await paidOrder(overrides);
    const deliver = async () => expect((await call(o.designer, 'POST', `/api/orders/${o.orderId}/deliver`, { files: [await upload(o.designer, 'crown.stl')] })).statusCode).toBe(200);
    await deliver();
    expect((await call(o.buyer, 'POST', `/api/orders/${o.orderId}/revision`, { note: 'Open the contact.' })).statusCode).toBe(200);
    await deliver();
    return o;
  }

  it('bought once the included ones are used, paid like the order: one more revision, the money in the order’s escrow', async () => {
    const { designer, buyer, stranger, orderId } = await usedUp();
    const before = await detail(buyer, orderId);
    expect(before).toMatchObject({ revisionsIncluded: 1, revisionsUsed: 1, extraRevisionPrice: 12.5, price: 25 });
    expect(before.actions).toContain('buyRevision');
    expect(before.actions).not.toContain('revision');

    // Nobody else buys it.
    expect((await call(designer, 'POST', '/api/payments/intents', { type: 'revision', id: orderId })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', '/api/payments/intents', { type: 'revision', id: orderId })).statusCode).toBe(403);
    expect((await call(buyer, 'POST', '/api/payments/intents', { type: 'revision', id: 'nope' })).statusCode).toBe(400);

    const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'revision', id: orderId });
    expect(intent.statusCode, intent.body).toBe(201);
    expect(intent.json()).toMatchObject({ amount: 12.5, orderId, lineItems: [expect.objectContaining({ kind: 'revision', total: 12.5 })] });
    // Someone else's payment cannot be confirmed by another user.
    expect((await call(stranger, 'PATCH', '/api/orders', { payment_intent: intent.json()._id })).statusCode).toBe(422);

    const confirmed = await pay(buyer, intent.json()._id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await detail(buyer, orderId);
    expect(after).toMatchObject({ status: 'delivered', revisionsIncluded: 2, revisionsUsed: 1, price: 37.5 });
    expect(after.actions).toContain('revision');
    expect(after.actions).not.toContain('buyRevision');
    expect(after.events.at(-1)).toMatchObject({ type: 'revision_bought', actor: { _id: buyer.user._id } });
    expect((await notices(designer))[0]).toMatchObject({ kind: 'revision_bought', link: `/orders/${orderId}` });

    // Paying twice acts once: the same confirmation again changes nothing.
    expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: intent.json()._id })).statusCode).toBe(200);
    expect(await detail(buyer, orderId)).toMatchObject({ revisionsIncluded: 2, price: 37.5 });

    // Its receipt (docs/product.md §6.7) belongs to the order, titled as what it bought; the stranger cannot read it.
    const billing = (await call(buyer, 'GET', `/api/billing?itemId=${orderId}`)).json();
    const receipt = billing.documents.find((d: { kind: string; paymentId: string }) => d.kind === 'receipt' && d.paymentId === intent.json()._id);
    expect(receipt).toMatchObject({ itemType: 'service', itemId: orderId, amount: 12.5, title: `Extra revision: ${before.title}` });
    expect((await call(buyer, 'GET', `/api/payments/${intent.json()._id}/receipt.pdf`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/payments/${intent.json()._id}/receipt.pdf`)).statusCode).toBe(403);

    // The revision request opens; once completed, the designer is paid the whole price less the fee.
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/revision`, { note: 'Lower the occlusion.' })).statusCode).toBe(200);
    expect((await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [await upload(designer, 'crown-3.stl')] })).statusCode).toBe(200);
    const designerBefore = (await call(designer, 'GET', '/api/orders/balance')).json();
    expect(designerBefore.escrow).toBe(37.5);
    expect((await call(buyer, 'POST', `/api/orders/${orderId}/accept`)).statusCode).toBe(200);
    const balance = (await call(designer, 'GET', '/api/orders/balance')).json();
    expect(balance.escrow).toBe(0);
    expect(balance.available).toBeCloseTo(designerBefore.available + 37.5 * (1 - balance.feePercent / 100), 2);
  });

  it('a second extra revision paid after the first arrives is refunded, not counted twice', async () => {
    const { buyer, orderId } = await usedUp();
    const first = (await call(buyer, 'POST', '/api/payments/intents', { type: 'revision', id: orderId })).json();
    const second = (await call(buyer, 'POST', '/api/payments/intents', { type: 'revision', id: orderId })).json();
    expect((await call(buyer, 'POST', `/api/payments/${first._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
    expect((await call(buyer, 'POST', `/api/payments/${second._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
    expect((await call(buyer, 'PATCH', '/api/orders', { payment_intent: first._id })).statusCode).toBe(200);
    const late = await call(buyer, 'PATCH', '/api/orders', { payment_intent: second._id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/refunded/);
    expect(await detail(buyer, orderId)).toMatchObject({ revisionsIncluded: 2, price: 37.5 });
    const [refunded] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, second._id));
    expect(refunded!.status).toBe('refunded');
  });

  it('not while revisions are left, not for a service that sells none, not after acceptance', async () => {
    const fresh = await paidOrder();
    expect((await call(fresh.designer, 'POST', `/api/orders/${fresh.orderId}/deliver`, { files: [await upload(fresh.designer, 'crown.stl')] })).statusCode).toBe(200);
    const res = await call(fresh.buyer, 'POST', '/api/payments/intents', { type: 'revision', id: fresh.orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An included revision is still left: ask for it.');

    const none = await usedUp({ extraRevisionPrice: null });
    expect((await detail(none.buyer, none.orderId)).extraRevisionPrice).toBeNull();
    expect((await call(none.buyer, 'POST', '/api/payments/intents', { type: 'revision', id: none.orderId })).statusCode).toBe(409);

    const done = await usedUp();
    const intent = (await call(done.buyer, 'POST', '/api/payments/intents', { type: 'revision', id: done.orderId })).json();
    expect((await call(done.buyer, 'POST', `/api/orders/${done.orderId}/accept`)).statusCode).toBe(200);
    // The card is refused for an order accepted meanwhile (nothing is taken).
    expect((await call(done.buyer, 'POST', `/api/payments/${intent._id}/sandbox-pay`, GOOD_CARD)).statusCode).toBe(409);
    expect((await call(done.buyer, 'POST', '/api/payments/intents', { type: 'revision', id: done.orderId })).statusCode).toBe(409);
  });

  it('a dispute refunded in full gives each payment back what it took: the order’s and the extra revision’s', async () => {
    const admin = await signUpAndLogin(app);
    await applyAdminCommand(ctx.db, 'grant', admin.input.email);
    const { buyer, orderId, intent } = await usedUp();
    const extra = (await call(buyer, 'POST', '/api/payments/intents', { type: 'revision', id: orderId })).json();
    expect((await pay(buyer, extra._id)).statusCode).toBe(200);
    const disputed = await call(buyer, 'POST', `/api/orders/${orderId}/dispute`, { reason: 'poor_fit', statement: 'The margins are open on the crown.' });
    expect(disputed.statusCode, disputed.body).toBe(201);
    const resolved = await call(admin as Session, 'POST', `/api/admin/disputes/${orderId}/resolve`, { outcome: 'refund' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const rows = await ctx.db.select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.itemId, orderId));
    expect(rows.find((r) => r.id === intent._id)?.status).toBe('refunded');
    expect(rows.find((r) => r.id === extra._id)?.status).toBe('refunded');
  });
});
