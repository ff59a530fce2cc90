import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AUTO_COMPLETE_DAYS,
  fromMinor,
  formatMoney,
  PRESCRIPTION_API_MESSAGES,
  type BalanceJson,
  type cancelInput,
  type deliverInput,
  type OrderDetailJson,
  type OrderEventType,
  type OrderAction,
  type OrderJson,
  type OrderParty,
  type revisionInput,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  orderEvents,
  orderFiles,
  orders,
  payments,
  reviews,
  services,
  users,
  type OrderEventRow,
  type OrderRow,
  type OrderStatus,
  type UserRow,
} from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { postSystemMessage } from '../messaging/index.js';
import { notifyOrderEvent } from '../notifications/index.js';
import { balanceOf, bookRefund, bookRelease, type Tx } from '../ledger/index.js';
import { providerFor } from '../../platform/payments/index.js';
import { catalogueChanged } from '../services/index.js';
import { DAY_MS, prescriptionOf, toOrderFileJson, toOrderJson, toReviewJson } from './orders.presenter.js';
import { authorize, partyOf, presentOrderPolicies, transitionGuard } from './orders.policy.js';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

const buyer = aliasedTable(users, 'buyer');
const seller = aliasedTable(users, 'seller');
const actor = aliasedTable(users, 'actor');
const party = (t: typeof buyer) => ({ _id: t.id, username: t.username, image: t.image });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The buyer's latest payment attempt for an order (what a "Pay" button continues). */
const latestPaymentId = sql<string | null>`(select p.id from ${payments} p where p.item_type = 'service' and p.item_id = ${orders.id} order by p.created_at desc limit 1)`;
/** Whether the order has its review (the policy's `review` action reads it). */
const hasReview = sql<boolean>`exists (select 1 from ${reviews} r where r.order_id = ${orders.id})`.mapWith(Boolean);

/** The order if the caller takes part in it: 404 when unknown, 403 for anyone else. */
export async function participantOrder(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderRow> {
  const [row] = UUID.test(orderId) ? await ctx.db.select().from(orders).where(eq(orders.id, orderId)).limit(1) : [];
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.buyerId !== user.id && row.sellerId !== user.id) throw new AppError('ORDER_NOT_A_PARTY');
  // A designer has nothing to do with an order nobody has paid for yet.
  if (row.sellerId === user.id && row.status === 'pending_payment') throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** The caller's orders, newest first: all they bought, and what they sell once it is paid. */
export async function listOrders(ctx: AppContext, user: UserRow): Promise<OrderJson[]> {
  const rows = await ctx.db
    .select({ o: orders, buyer: party(buyer), seller: party(seller), paymentId: latestPaymentId, reviewed: hasReview })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .where(or(eq(orders.buyerId, user.id), and(eq(orders.sellerId, user.id), sql`${orders.status} <> 'pending_payment'`)))
    .orderBy(desc(orders.createdAt))
    .limit(500);
  return rows.map((r) => toOrderJson(r.o, { buyer: r.buyer, seller: r.seller, viewerId: user.id, paymentId: r.paymentId, reviewed: r.reviewed }));
}

export async function orderDetail(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderDetailJson> {
  const order = await participantOrder(ctx, user, orderId);
  const [[people], events, files, [review]] = await Promise.all([
    ctx.db
      .select({ buyer: party(buyer), seller: party(seller), paymentId: latestPaymentId })
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.buyerId))
      .innerJoin(seller, eq(seller.id, orders.sellerId))
      .where(eq(orders.id, order.id)),
    ctx.db
      .select({ e: orderEvents, actor: { _id: actor.id, username: actor.username, image: actor.image } })
      .from(orderEvents)
      .leftJoin(actor, eq(actor.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    ctx.db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id)).orderBy(asc(orderFiles.createdAt)),
    ctx.db
      .select({ r: reviews, buyer: party(buyer) })
      .from(reviews)
      .innerJoin(buyer, eq(buyer.id, reviews.buyerId))
      .where(eq(reviews.orderId, order.id)),
  ]);
  const reviewed = Boolean(review);
  const base = toOrderJson(order, { buyer: people!.buyer, seller: people!.seller, viewerId: user.id, paymentId: people!.paymentId, reviewed });
  return {
    ...base,
    requirements: order.requirements,
    attachments: files.filter((f) => !f.eventId).map(toOrderFileJson),
    events: events.map(({ e, actor }) => ({
      _id: e.id,
      type: e.type,
      actor: actor?._id ? actor : null,
      note: e.note,
      files: files.filter((f) => f.eventId === e.id).map(toOrderFileJson),
      units: e.units ?? [],
      createdAt: e.createdAt.toISOString(),
    })),
    review: review ? toReviewJson(review.r, review.buyer, order.title) : null,
    unavailable: presentOrderPolicies({ ...order, reviewed }, user.id).unavailable,
  };
}

export async function balance(ctx: AppContext, user: UserRow): Promise<BalanceJson> {
  const { escrow, available } = await balanceOf(ctx.db, user.id);
  const currency = ctx.config.currency;
  return { escrow: fromMinor(escrow, currency), available: fromMinor(available, currency), currency, feePercent: ctx.config.payments.feePercent };
}

const EVENT_TEXT: Record<OrderEventType, (o: OrderRow) => string> = {
  created: (o) => `Order created: ${o.title}.`,
  paid: (o) => `New order paid: ${o.title} × ${o.quantity} (${formatMoney(fromMinor(o.price, o.currency), o.currency)}).`,
  delivered: (o) => `The design for ${o.title} was delivered.`,
  revision_requested: (o) => `A revision was requested for ${o.title}.`,
  completed: (o) => `${o.title} was accepted. The order is complete.`,
  auto_completed: (o) => `${o.title} completed automatically ${AUTO_COMPLETE_DAYS} days after delivery.`,
  cancelled: (o) => `${o.title} was cancelled.`,
  refunded: (o) => `The payment for ${o.title} was refunded.`,
  reviewed: (o) => `${o.title} received a review.`,
};

/** Tells both parties in their conversation; the order change has already been saved, so a failure here only logs. */
export async function announce(ctx: AppContext, order: OrderRow, event: Pick<OrderEventRow, 'id' | 'type' | 'actorId'>) {
  try {
    await postSystemMessage(ctx, {
      sellerId: order.sellerId,
      buyerId: order.buyerId,
      actorId: event.actorId,
      text: EVENT_TEXT[event.type](order),
      event: { orderId: order.id, type: event.type },
      clientId: `order-event-${event.id}`,
    });
  } catch (error) {
    process.emitWarning(`order ${order.id}: system message for ${event.type} not posted: ${String(error)}`);
  }
}

interface Transition {
  /** The policy's action: the UPDATE matches only its `from` statuses (for `party`) and its conditions (ORDER_POLICY). */
  action: OrderAction;
  /** Who acts: their statuses of the action only; null for the scheduler (any of them). */
  party: OrderParty | null;
  /**
   * The status the caller was authorized in: the UPDATE matches only it, so the change is made on the very state
   * the decision was made on (a buyer's cancel read while unpaid cannot cancel an order paid meanwhile unrefunded).
   */
  seen?: OrderStatus;
  to: OrderStatus;
  set?: Partial<typeof orders.$inferInsert>;
  event: OrderEventType;
  actorId: string | null;
  note?: string | null;
  /** The teeth the event points at (a revision request, issue 16). */
  units?: number[];
  /** Runs in the same transaction after the status change: money, files, counters. */
  also?: (tx: Transaction, row: OrderRow, event: OrderEventRow) => Promise<void>;
  now?: Date;
}

/**
 * One status change, atomic and race-safe: the UPDATE only matches a row still in a status the policy starts the
 * action from and still meeting its conditions, so of two concurrent accepts exactly one changes anything; the
 * loser gets 409.
 */
export async function transition(ctx: AppContext, orderId: string, t: Transition): Promise<OrderRow> {
  const now = t.now ?? new Date();
  const guard = transitionGuard(t.action, t.party);
  const from = t.seen ? guard.from.filter((status) => status === t.seen) : guard.from;
  const { row, event } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ ...t.set, status: t.to, updatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, from), guard.where))
      .returning();
    if (!row) throw new AppError('ORDER_WRONG_STATUS');
    const [event] = await tx.insert(orderEvents).values({ orderId, actorId: t.actorId, type: t.event, note: t.note || null, units: t.units?.length ? t.units : null, createdAt: now }).returning();
    await t.also?.(tx, row, event!);
    await notifyOrderEvent(ctx, tx, row, event!); // the other party is told (ADR 0027)
    return { row, event: event! };
  });
  await announce(ctx, row, event);
  return row;
}

/** The payment that paid for an order (set when the order was confirmed). */
export async function paymentOfOrder(tx: Tx, orderId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.itemType, 'service'), eq(payments.itemId, orderId), isNotNull(payments.usedAt)))
    .limit(1);
  return payment ?? null;
}

/** Claims uploaded files for an order; all of them must be the uploader's own and still unattached. */
export async function claimFiles(tx: Tx, ids: string[], uploaderId: string, orderId: string, eventId: string | null) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const claimed = await tx
    .update(orderFiles)
    .set({ orderId, eventId })
    .where(and(inArray(orderFiles.id, unique), eq(orderFiles.uploaderId, uploaderId), isNull(orderFiles.orderId)))
    .returning({ id: orderFiles.id });
  if (claimed.length !== unique.length) throw fieldError('ORDER_FILE_NOT_YOURS', 'files');
}

export async function deliver(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof deliverInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'deliver');
  await transition(ctx, order.id, {
    action: 'deliver',
    party: 'seller',
    seen: order.status,
    to: 'delivered',
    set: { deliveredAt: new Date() },
    event: 'delivered',
    actorId: user.id,
    note: input.note,
    also: (tx, _row, event) => claimFiles(tx, input.files, user.id, order.id, event.id),
  });
  return orderDetail(ctx, user, order.id);
}

export async function requestRevision(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof revisionInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'revision');
  // The teeth it points at must be the prescription's (an order from before prescriptions: its teeth).
  const prescribed = new Set([...prescriptionOf(order).units.map((unit) => unit.tooth), ...order.teeth]);
  const stranger = input.units.find((tooth) => !prescribed.has(tooth));
  if (stranger !== undefined) {
    const message = PRESCRIPTION_API_MESSAGES.revisionUnit(stranger);
    throw fieldError('ORDER_TOOTH_NOT_PRESCRIBED', 'units', message);
  }
  await transition(ctx, order.id, {
    action: 'revision',
    party: 'buyer',
    seen: order.status,
    to: 'revision_requested',
    set: { revisionsUsed: sql`${orders.revisionsUsed} + 1` as unknown as number },
    event: 'revision_requested',
    actorId: user.id,
    note: input.note,
    units: input.units,
  });
  return orderDetail(ctx, user, order.id);
}

/** Completion by the buyer or the scheduler: escrow released to the designer minus the fee, one sale counted. */
export async function completeOrder(ctx: AppContext, order: OrderRow, actorId: string | null, now = new Date()) {
  const row = await transition(ctx, order.id, {
    action: 'accept',
    party: actorId ? 'buyer' : null,
    seen: order.status,
    to: 'completed',
    set: { completedAt: now },
    event: actorId ? 'completed' : 'auto_completed',
    actorId,
    now,
    also: async (tx, row) => {
      const payment = await paymentOfOrder(tx, row.id);
      if (!payment) throw new Error(`order ${row.id} is delivered but has no payment`);
      await bookRelease(tx, { paymentId: payment.id, orderId: row.id, amount: row.price, sellerId: row.sellerId, feePercent: ctx.config.payments.feePercent });
      await tx.update(services).set({ sales: sql`${services.sales} + 1` }).where(eq(services.id, row.serviceId));
    },
  });
  catalogueChanged(ctx); // the service's sales and its designer's completed orders
  return row;
}

export async function accept(ctx: AppContext, user: UserRow, orderId: string) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'accept');
  await completeOrder(ctx, order, user.id);
  return orderDetail(ctx, user, order.id);
}

/**
 * Cancel before delivery (docs/product.md §5.5). A paid order is refunded through the provider inside the transaction:
 * if the provider refuses, nothing changes and the caller sees the error.
 */
export async function cancel(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof cancelInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'cancel');
  const provider = providerFor(ctx);
  await transition(ctx, order.id, {
    action: 'cancel',
    party: partyOf(order, user),
    seen: order.status,
    to: 'cancelled',
    set: { cancelledAt: new Date() },
    event: 'cancelled',
    actorId: user.id,
    note: input.reason,
    also: async (tx, row) => {
      if (order.status === 'pending_payment') {
        // Unpaid: close the open attempts so none can be paid for a cancelled order.
        await tx
          .update(payments)
          .set({ status: 'failed', failureReason: 'order cancelled', updatedAt: new Date() })
          .where(and(eq(payments.itemType, 'service'), eq(payments.itemId, row.id), inArray(payments.status, ['requires_payment', 'requires_action'])));
        return;
      }
      const payment = await paymentOfOrder(tx, row.id);
      if (!payment) throw new Error(`order ${row.id} is in progress but has no payment`);
      await bookRefund(tx, { paymentId: payment.id, orderId: row.id, amount: row.price });
      await tx.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, payment.id));
      await tx.insert(orderEvents).values({ orderId: row.id, actorId: null, type: 'refunded', createdAt: new Date() });
      await provider.refund(payment.providerRef ?? '', payment.amount, payment.id);
    },
  });
  return orderDetail(ctx, user, order.id);
}

/** The scheduled job: delivered orders not accepted within AUTO_COMPLETE_DAYS complete on their own. */
export async function autoCompleteOrders(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'delivered'), lte(orders.deliveredAt, new Date(now.getTime() - AUTO_COMPLETE_DAYS * DAY_MS))))
    .limit(200);
  let done = 0;
  for (const order of due) {
    try {
      await completeOrder(ctx, order, null, now);
      done += 1;
    } catch (error) {
      // The buyer accepted or asked for a revision meanwhile: nothing to do.
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  return done;
}
