import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { creditNotes, ledgerEntries, notifications, payments, providerRefunds, receipts, users } from '../../db/schema/index.js';
import { buildTestApp, signUpAndLogin } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';
import { sendDueMails } from '../notifications/index.js';

/**
 * One order walked from its placing to the release of its money (docs/decisions/0055), watching the SQL each step
 * runs and the transitions the orders module counts (`cusp_order_transitions_total`, counted by transition()'s one
 * path after each commit). Each step changes the order once, by one counted transition of its action, with one event
 * and one announcement, even when the payment is confirmed twice; the ledger books each movement once (the books
 * balance after every test), and nobody is told anything twice. table-writers.test.ts proves no other code writes
 * an order.
 */
let statements: string[] | null = null;
const t = await buildTestApp({}, { onQuery: (text) => statements?.push(text) });
afterAll(() => t.close());
const { app, ctx } = t;
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: who.cookie } });

/** Transitions committed so far, by action. */
const transitionsSoFar = async () => new Map((await ctx.metrics.orderTransitions.get()).values.map((v) => [String(v.labels.action), v.value]));

/**
 * What one step did: the transitions it committed (by action), its writes to orders, its order events, and the
 * `order:updated` pushes after its commit.
 */
async function step(run: () => Promise<void>) {
  const before = await transitionsSoFar();
  const pushes = vi.spyOn(ctx.realtime, 'toUsers');
  statements = [];
  try {
    await run();
    const transitions = Object.fromEntries([...(await transitionsSoFar())].flatMap(([action, n]) => (n > (before.get(action) ?? 0) ? [[action, n - (before.get(action) ?? 0)]] : [])));
    const writes = (table: string) =>
      statements!.flatMap((text) => new RegExp(`^\\s*(update|insert into|delete from) "${table}"`, 'i').exec(text)?.[1]!.toLowerCase() ?? []);
    return {
      transitions,
      orderWrites: writes('orders'),
      events: writes('order_events').length,
      announced: pushes.mock.calls.filter(([, event]) => event === 'order:updated').length,
    };
  } finally {
    statements = null;
    pushes.mockRestore();
  }
}

it('places, pays, delivers and releases one order, each step once through the one transition path', async () => {
  const { designer, service } = await designerWithService(app);
  const buyer = await signUpAndLogin(app);

  let orderId = '';
  let paymentId = '';
  const placed = await step(async () => {
    const intent = await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 });
    expect(intent.statusCode, intent.body).toBe(201);
    ({ _id: paymentId, orderId } = intent.json());
  });
  expect((await call(buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });

  const paid = await step(async () => {
    // The payment page's confirmation, then the same again (a reload): the payment is claimed once.
    for (let i = 0; i < 2; i++) {
      const confirmed = await call(buyer, 'PATCH', '/api/orders', { payment_intent: paymentId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ _id: orderId, status: 'in_progress' });
    }
  });

  const upload = multipart({}, [{ field: 'file', name: 'crown.stl', type: 'application/octet-stream', data: binaryStl() }]);
  const file = await app.inject({ method: 'POST', url: '/api/order-files', payload: upload.payload, headers: { ...upload.headers, cookie: designer.cookie } });
  expect(file.statusCode, file.body).toBe(201);
  const delivered = await step(async () => {
    const res = await call(designer, 'POST', `/api/orders/${orderId}/deliver`, { files: [file.json()._id] });
    expect(res.json()).toMatchObject({ status: 'delivered' });
  });

  const released = await step(async () => {
    const res = await call(buyer, 'POST', `/api/orders/${orderId}/accept`);
    expect(res.json()).toMatchObject({ status: 'completed' });
  });

  // Placing inserts the order (its first status) and its `created` event, and tells nobody: the designer does not see it yet.
  expect(placed).toEqual({ transitions: {}, orderWrites: ['insert into'], events: 1, announced: 0 });
  // Every later status: one transition of the step's action, its one UPDATE of the order, one event, one push.
  expect(paid).toEqual({ transitions: { pay: 1 }, orderWrites: ['update'], events: 1, announced: 1 });
  expect(delivered).toEqual({ transitions: { deliver: 1 }, orderWrites: ['update'], events: 1, announced: 1 });
  expect(released).toEqual({ transitions: { accept: 1 }, orderWrites: ['update'], events: 1, announced: 1 });

  const detail = (await call(buyer, 'GET', `/api/orders/${orderId}`)).json();
  expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['created', 'paid', 'delivered', 'completed']);

  // The money: in once (25.00 to escrow), out once (22.50 to the designer, 2.50 fee); one receipt, nothing refunded.
  const entries = await ctx.db
    .select({ kind: ledgerEntries.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(asc(ledgerEntries.kind), asc(ledgerEntries.account));
  expect(entries).toEqual([
    { kind: 'fee', account: 'platform', amount: 250 },
    { kind: 'payment', account: 'escrow', amount: 2500 },
    { kind: 'payment', account: 'funding', amount: -2500 },
    { kind: 'release', account: 'designer', amount: 2250 },
    { kind: 'release', account: 'escrow', amount: -2500 },
  ]);
  const [receipt, ...moreReceipts] = await ctx.db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
  expect(receipt).toBeDefined();
  expect(moreReceipts).toEqual([]);
  expect(await ctx.db.select().from(creditNotes).where(eq(creditNotes.receiptId, receipt!.id))).toEqual([]);
  expect(await ctx.db.select().from(providerRefunds).where(eq(providerRefunds.paymentId, paymentId))).toEqual([]);

  // One notice for each step, to the party it concerns; one system message each in the pair's conversation.
  const notices = await ctx.db.select({ kind: notifications.kind, userId: notifications.userId }).from(notifications).where(eq(notifications.link, `/orders/${orderId}`));
  expect(notices.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
    { kind: 'order_accepted', userId: designer.user._id },
    { kind: 'order_delivered', userId: buyer.user._id },
    { kind: 'order_paid', userId: designer.user._id },
  ]);
  const posted = (await ctx.db.execute(sql`select event->>'type' as type from messages where event->>'orderId' = ${orderId} order by seq`)) as unknown as { rows: Array<{ type: string }> };
  expect(posted.rows.map((row) => row.type)).toEqual(['paid', 'delivered', 'completed']);

  // And one e-mail for each notice, once its delay is over.
  await sendDueMails(ctx, { now: new Date(Date.now() + 86_400_000) });
  const addresses = await ctx.db.select({ id: users.id, email: users.email }).from(users);
  const emailOf = (id: string) => addresses.find((u) => u.id === id)!.email;
  const mails = ctx.mailer.sent.filter((m) => m.subject.includes(detail.title)).map((m) => `${m.to} ${m.subject}`);
  expect(mails.sort()).toEqual(
    [
      `${emailOf(designer.user._id)} New paid order: ${detail.title}`,
      `${emailOf(buyer.user._id)} Your design was delivered: ${detail.title}`,
      `${emailOf(designer.user._id)} Order accepted: ${detail.title}`,
    ].sort(),
  );
});

it('a payment confirmed after its order was cancelled goes straight back, once, and changes no order', async () => {
  const { service } = await designerWithService(app);
  const buyer = await signUpAndLogin(app);
  const intent = (await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).json();
  expect((await call(buyer, 'POST', `/api/payments/${intent._id}/sandbox-pay`, GOOD_CARD)).json()).toEqual({ status: 'paid' });
  // Cancelled on another tab while the card was paid.
  expect((await call(buyer, 'POST', `/api/orders/${intent.orderId}/cancel`, {})).json()).toMatchObject({ status: 'cancelled' });

  const late = await step(async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(buyer, 'PATCH', '/api/orders', { payment_intent: intent._id });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PAYMENT_ORDER_CANCELLED');
    }
  });
  // The pay step's conditional UPDATE runs once and matches nothing: no transition, no event, nobody told.
  expect(late).toEqual({ transitions: {}, orderWrites: ['update'], events: 0, announced: 0 });

  const entries = await ctx.db
    .select({ kind: ledgerEntries.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, intent.orderId))
    .orderBy(asc(ledgerEntries.kind), asc(ledgerEntries.account));
  expect(entries).toEqual([
    { kind: 'payment', account: 'escrow', amount: 2500 },
    { kind: 'payment', account: 'funding', amount: -2500 },
    { kind: 'refund', account: 'escrow', amount: -2500 },
    { kind: 'refund', account: 'refunded', amount: 2500 },
  ]);
  const [payment] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, intent._id));
  expect(payment!.status).toBe('refunded');
  const refunds = await ctx.db.select({ amount: providerRefunds.amount }).from(providerRefunds).where(eq(providerRefunds.paymentId, intent._id));
  expect(refunds).toEqual([{ amount: 2500 }]);
  const [receipt] = await ctx.db.select({ id: receipts.id }).from(receipts).where(eq(receipts.paymentId, intent._id));
  expect(await ctx.db.select({ amount: creditNotes.amount }).from(creditNotes).where(eq(creditNotes.receiptId, receipt!.id))).toEqual([{ amount: 2500 }]);
});
