import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mayViewOrder, ORDER_ACTIONS, orderActionFrom, ORDER_POLICY, ORDER_STATUS_LIST, type OrderAction } from '@cusp/shared';
import { orders } from '../../db/schema/index.js';
import { signUpAndLogin, useTestApp } from '../../../test/helper.js';
import { binaryStl } from '../../../test/mesh-samples.js';
import { multipart } from '../../../test/multipart.js';
import { designerWithService, expectLedgerBalanced, GOOD_CARD } from '../../../test/orders.js';

/**
 * One policy per resource (docs/decisions/0030): for every action × order state × viewer, what the server does
 * when asked (2xx, or 403/404/409) must agree with the `actions` the order JSON presents to that viewer. The
 * answer is read from the HTTP API only, so a rule changed in one place (a service's guard, a transition's
 * statuses, the presenter) and not the others fails here.
 */
const { app, ctx } = await useTestApp();
afterEach(() => expectLedgerBalanced(ctx.db));

type Session = { cookie: string; user: { _id: string } };
const call = (who: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function uploadFile(who: Session) {
  const body = multipart({}, [{ field: 'file', name: 'design.stl', type: 'application/octet-stream', data: binaryStl() }]);
  const res = await app.inject({ method: 'POST', url: '/api/order-files', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

interface Case {
  orderId: string;
  paymentId: string;
  buyer: Session;
  seller: Session;
  stranger: Session;
}

const ok = <T extends { statusCode: number; body: string }>(res: T): T => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

/** The order states the walk covers: every status, and the variants a condition of the table reads. */
const STATES = {
  pending_payment: [],
  in_progress: ['pay'],
  'in_progress, more time asked': ['pay', 'extension'],
  'in_progress, new scans asked': ['pay', 'rescan'],
  delivered: ['pay', 'deliver'],
  'delivered, no revisions left': ['pay', 'deliver', 'use up revisions'],
  revision_requested: ['pay', 'deliver', 'revision'],
  completed: ['pay', 'deliver', 'accept'],
  'completed, reviewed': ['pay', 'deliver', 'accept', 'review'],
  'cancelled unpaid': ['cancel'],
  'cancelled paid': ['pay', 'cancel'],
  disputed: ['pay', 'deliver', 'dispute'],
  'disputed, answered': ['pay', 'deliver', 'dispute', 'respond'],
  'delivered, refund offered': ['pay', 'deliver', 'offerRefund'],
} as const satisfies Record<string, readonly (OrderAction | 'use up revisions')[]>;
type State = keyof typeof STATES;

const SELLER_STEPS = new Set<OrderAction>(['deliver', 'respond', 'offerRefund', 'extension', 'rescan']);

/** A fresh order brought to a state through the API (a counter set directly for "no revisions left"). */
async function orderIn(state: State): Promise<Case> {
  // Extra revisions sold (docs/product.md §5.4), so that buying one is offered once the included ones are used.
  const { designer: seller, service } = await designerWithService(app, { extraRevisionPrice: 12 });
  const buyer = await signUpAndLogin(app);
  const stranger = await signUpAndLogin(app);
  const intent = ok(await call(buyer, 'POST', '/api/payments/intents', { type: 'service', id: service._id, quantity: 1 })).json();
  const c: Case = { orderId: intent.orderId, paymentId: intent._id, buyer, seller, stranger };
  for (const step of STATES[state]) {
    if (step === 'use up revisions') await ctx.db.update(orders).set({ revisionsUsed: sql`${orders.revisionsIncluded}` as unknown as number }).where(eq(orders.id, c.orderId));
    else {
      ok(await act(c, step, SELLER_STEPS.has(step) ? c.seller : c.buyer));
      if (step === 'pay') ok(await call(buyer, 'PATCH', '/api/orders', { payment_intent: c.paymentId }));
    }
  }
  return c;
}

/** Asks the server to do `action` as `who`, the way the web app does. */
async function act(c: Case, action: OrderAction, who: Session) {
  switch (action) {
    case 'pay':
      return call(who, 'POST', `/api/payments/${c.paymentId}/sandbox-pay`, GOOD_CARD);
    case 'deliver':
      return call(who, 'POST', `/api/orders/${c.orderId}/deliver`, { files: [(await uploadFile(who))._id] });
    case 'accept':
      return call(who, 'POST', `/api/orders/${c.orderId}/accept`);
    case 'revision':
      return call(who, 'POST', `/api/orders/${c.orderId}/revision`, { note: 'Thinner margin, please.' });
    case 'cancel':
      return call(who, 'POST', `/api/orders/${c.orderId}/cancel`, { reason: 'Changed plans.' });
    case 'review':
      return call(who, 'POST', '/api/reviews', { orderId: c.orderId, star: 5, desc: 'Fits well.' });
    case 'extension':
      return call(who, 'POST', `/api/orders/${c.orderId}/extension`, { days: 2, reason: 'The scan needs more work.' });
    case 'extensionAccept':
      return call(who, 'POST', `/api/orders/${c.orderId}/extension/accept`);
    case 'extensionDecline':
      return call(who, 'POST', `/api/orders/${c.orderId}/extension/decline`);
    case 'dispute':
      return call(who, 'POST', `/api/orders/${c.orderId}/dispute`, { reason: 'poor_fit', statement: 'The margins are open on the crown.' });
    case 'respond':
      return call(who, 'POST', `/api/orders/${c.orderId}/dispute/response`, { statement: 'The scan itself was distorted.' });
    case 'offerRefund':
      return call(who, 'POST', `/api/orders/${c.orderId}/partial-refund`, { amount: 5 });
    case 'acceptRefund':
      return call(who, 'POST', `/api/orders/${c.orderId}/partial-refund/accept`);
    case 'declineRefund':
      return call(who, 'POST', `/api/orders/${c.orderId}/partial-refund/decline`);
    case 'rescan':
      return call(who, 'POST', `/api/orders/${c.orderId}/rescan`, { reason: 'The prep margin is not captured.' });
    case 'caseFiles':
      return call(who, 'POST', `/api/orders/${c.orderId}/case-files`, { files: [(await uploadFile(who))._id] });
    case 'buyRevision':
      // Buying starts with the intent (its settlement re-checks the same rule).
      return call(who, 'POST', '/api/payments/intents', { type: 'revision', id: c.orderId });
  }
}

/**
 * What the order JSON presents to a viewer: the status code instead when they cannot see the order at all. With
 * `withList`, also that the orders list's row presents the same actions (asked once per viewer and order: the
 * walk compares the whole detail JSON after every refused action, which is what "nothing changed" means).
 */
async function presented(c: Case, who: Session, withList = false): Promise<{ actions: OrderAction[]; status: string } | number> {
  const res = await call(who, 'GET', `/api/orders/${c.orderId}`);
  if (res.statusCode !== 200) return res.statusCode;
  const detail = res.json() as { actions: OrderAction[]; status: string; paymentId: string | null };
  if (withList) {
    const row = ((await call(who, 'GET', '/api/orders')).json() as { _id: string; actions: OrderAction[] }[]).find((o) => o._id === c.orderId);
    expect(row?.actions).toEqual(detail.actions);
  }
  // The "Pay" link's payment is given exactly to whom `pay` is.
  expect(detail.paymentId !== null).toBe(detail.actions.includes('pay'));
  return detail;
}

describe('one rule for who sees an order', () => {
  it('its page and the orders list agree with mayViewOrder, for the buyer, the designer and a stranger, paid or not', async () => {
    for (const state of ['pending_payment', 'cancelled unpaid', 'in_progress', 'completed'] as const) {
      const c = await orderIn(state);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, c.orderId));
      for (const [name, who] of [['buyer', c.buyer], ['designer', c.seller], ['stranger', c.stranger]] as const) {
        const sees = mayViewOrder(row!, who.user._id);
        const page = await call(who, 'GET', `/api/orders/${c.orderId}`);
        expect(page.statusCode < 300, `${state}, the ${name}'s order page: ${page.statusCode}`).toBe(sees);
        const listed = (await call(who, 'GET', '/api/orders?limit=100')).json() as Array<{ _id: string }>;
        expect(listed.some((o) => o._id === c.orderId), `${state}, the ${name}'s list`).toBe(sees);
      }
      // What the rule says: the buyer always; the designer unless it still awaits payment; nobody else.
      expect(mayViewOrder(row!, c.buyer.user._id)).toBe(true);
      expect(mayViewOrder(row!, c.seller.user._id)).toBe(state !== 'pending_payment');
      expect(mayViewOrder(row!, c.stranger.user._id)).toBe(false);
    }
  });
});

describe('one policy for orders: the server does exactly what the order JSON offers', () => {
  it('the table names every status it starts an action from, and only statuses that exist', () => {
    for (const action of ORDER_ACTIONS) {
      expect(orderActionFrom(action).length).toBeGreaterThan(0);
      for (const status of Object.keys(ORDER_POLICY[action].from)) expect(ORDER_STATUS_LIST).toContain(status);
    }
  });

  /**
   * What each viewer is offered in each state, as docs/product.md §5.2 says: the walk below holds the server to
   * it, so a walk in which nothing is offered and everything refused cannot pass.
   */
  const OFFERED: Record<State, Record<'buyer' | 'seller' | 'stranger', OrderAction[]>> = {
    pending_payment: { buyer: ['pay', 'cancel'], seller: [], stranger: [] },
    in_progress: { buyer: ['cancel', 'caseFiles'], seller: ['deliver', 'cancel', 'extension', 'rescan'], stranger: [] },
    'in_progress, more time asked': { buyer: ['cancel', 'extensionAccept', 'extensionDecline', 'caseFiles'], seller: ['deliver', 'cancel', 'rescan'], stranger: [] },
    'in_progress, new scans asked': { buyer: ['cancel', 'caseFiles'], seller: ['deliver', 'cancel', 'extension'], stranger: [] },
    delivered: { buyer: ['accept', 'revision', 'dispute'], seller: ['offerRefund'], stranger: [] },
    'delivered, no revisions left': { buyer: ['accept', 'dispute', 'buyRevision'], seller: ['offerRefund'], stranger: [] },
    revision_requested: { buyer: ['dispute', 'caseFiles'], seller: ['deliver', 'offerRefund', 'extension', 'rescan'], stranger: [] },
    completed: { buyer: ['review'], seller: [], stranger: [] },
    'completed, reviewed': { buyer: [], seller: [], stranger: [] },
    'cancelled unpaid': { buyer: [], seller: [], stranger: [] },
    'cancelled paid': { buyer: [], seller: [], stranger: [] },
    disputed: { buyer: [], seller: ['respond', 'offerRefund'], stranger: [] },
    'disputed, answered': { buyer: [], seller: ['offerRefund'], stranger: [] },
    'delivered, refund offered': { buyer: ['accept', 'revision', 'dispute', 'acceptRefund', 'declineRefund'], seller: [], stranger: [] },
  };

  it.each(Object.keys(STATES) as State[])('%s: every action by the buyer, the designer and a stranger', async (state) => {
    let c = await orderIn(state);
    for (const role of ['buyer', 'seller', 'stranger'] as const) {
      let shown = await presented(c, c[role], true);
      expect(typeof shown === 'number' ? [] : shown.actions, `${state}: what the ${role} is offered`).toEqual(OFFERED[state][role]);
      for (const action of ORDER_ACTIONS) {
        const offered = typeof shown !== 'number' && shown.actions.includes(action);
        const res = await act(c, action, c[role]);
        if (offered) {
          expect(res.statusCode, `${state}: ${role} ${action} is offered, so allowed: ${res.body}`).toBeLessThan(300);
          c = await orderIn(state); // used up: the next question is asked of a fresh order in the same state
          shown = await presented(c, c[role], true);
        } else {
          // Not offered: refused (403 not your part, 404 an order they cannot see, 409 not now), and nothing changed.
          expect([403, 404, 409], `${state}: ${role} ${action} is not offered, so refused: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expect(await presented(c, c[role])).toEqual(shown);
        }
      }
    }
  });
});
