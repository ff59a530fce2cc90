import { aliasedTable, and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVE_ORDER_STATUSES,
  AUTO_COMPLETE_DAYS,
  ORDER_AWAITING_ACTIONS,
  fromMinor,
  formatMoney,
  mayViewOrder,
  ORDER_HIDDEN_FROM_SELLER,
  PRESCRIPTION_API_MESSAGES,
  type BalanceJson,
  type cancelInput,
  type caseFilesInput,
  type rescanInput,
  type deliverInput,
  type extensionInput,
  type orderListQuery,
  type OrderDetailJson,
  type OrderEventType,
  type OrderEventParams,
  type ChecklistEntry,
  type OrderAction,
  type OrderJson,
  type OrderParty,
  pinResolveRefusal,
  type serviceIntentInput,
  type acceptInput,
  type revisionInput,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  disputes,
  orderEvents,
  orderFiles,
  orders,
  payments,
  reviews,
  serviceColumns,
  services,
  users,
  type OrderEventRow,
  type OrderRow,
  type OrderStatus,
  type PaymentRow,
  type UserRow,
} from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { pushMessage, recordSystemMessage, type PostedMessage } from '../messaging/index.js';
import { notifyOrderEvent } from '../notifications/index.js';
import { balanceOf, bookOrderPayment, bookRefund, bookRelease, type Tx } from '../ledger/index.js';
import { catalogueChanged } from '../listings/index.js';
import { DAY_MS, dueAtOf, prescriptionOf, toDisputeJson, toOrderEventJson, toOrderFileJson, toOrderJson, toReviewJson } from './orders.presenter.js';
import { approvedFilesOf, checkPins, insertPins, pinsByEvent } from './pins.service.js';
import { applyFileRoles, type PricedOrder } from './prescription.service.js';
import { authorize, partyOf, presentOrderPolicies, transitionGuard } from './orders.policy.js';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

const buyer = aliasedTable(users, 'buyer');
const seller = aliasedTable(users, 'seller');
const actor = aliasedTable(users, 'actor');
const party = (t: typeof buyer) => ({ id: t.id, username: t.username, image: t.image });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The buyer's latest payment attempt for an order (what a "Pay" button continues). */
const latestPaymentId = sql<string | null>`(select p.id from ${payments} p where p.item_type = 'service' and p.item_id = ${orders.id} order by p.created_at desc limit 1)`;
/** Whether the order has its review (the policy's `review` action reads it). */
const hasReview = sql<boolean>`exists (select 1 from ${reviews} r where r.order_id = ${orders.id})`.mapWith(Boolean);
/** Whether the designer has answered the order's dispute (the policy's `respond` action reads it). */
const disputeAnswered = sql<boolean>`exists (select 1 from ${disputes} d where d.order_id = ${orders.id} and d.responded_at is not null)`.mapWith(Boolean);

/** The order if the caller takes part in it: 404 when unknown, 403 for anyone else. */
export async function participantOrder(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderRow> {
  const [row] = UUID.test(orderId) ? await ctx.db.select().from(orders).where(eq(orders.id, orderId)).limit(1) : [];
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.buyerId !== user.id && row.sellerId !== user.id) throw new AppError('ORDER_NOT_A_PARTY');
  // A party who may not see it yet (the designer of an unpaid order) is told it does not exist.
  if (!mayViewOrder(row, user.id)) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/**
 * The order whose case files the caller may download: a party's (participantOrder), or, for an administrator, an
 * order under dispute, whose files they must read to decide it (docs/decisions/0035). No other order's.
 */
export async function fileReaderOrder(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderRow> {
  if (user.isAdmin) {
    const [row] = UUID.test(orderId) ? await ctx.db.select().from(orders).where(eq(orders.id, orderId)).limit(1) : [];
    if (row?.status === 'disputed' && row.buyerId !== user.id && row.sellerId !== user.id) return row;
  }
  return participantOrder(ctx, user, orderId);
}

/** mayViewOrder as SQL: all they bought, and what they sell once it is paid. The statuses are constants, written as literals. */
const visibleTo = (userId: string) =>
  or(eq(orders.buyerId, userId), and(eq(orders.sellerId, userId), sql`${orders.status} not in (${sql.raw(ORDER_HIDDEN_FROM_SELLER.map((s) => `'${s}'`).join(', '))})`))!;

/**
 * "Awaiting my action" as SQL, read from ORDER_POLICY: the order is in a status from which one of
 * ORDER_AWAITING_ACTIONS is the caller's (as buyer or as designer), with that action's conditions.
 */
function awaitingMe(userId: string): SQL {
  const clauses: SQL[] = [];
  for (const party of ['buyer', 'seller'] as const) {
    const mine = eq(party === 'buyer' ? orders.buyerId : orders.sellerId, userId);
    for (const [action, owed] of Object.entries(ORDER_AWAITING_ACTIONS) as Array<[OrderAction, { waitingForScans?: boolean }]>) {
      const guard = transitionGuard(action, party);
      if (guard.from.length === 0) continue;
      const scans = owed.waitingForScans === undefined ? undefined : eq(orders.waitingForScans, owed.waitingForScans);
      clauses.push(and(mine, inArray(orders.status, guard.from), guard.where, scans)!);
    }
  }
  return or(...clauses)!;
}

/** `q`: an order number (`C-10427`, or its digits), else words of the title or the prescription's case reference. */
function matching(q: string): SQL {
  const digits = /^\s*(?:c-?)?(\d{1,9})\s*$/i.exec(q)?.[1];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const text = or(ilike(orders.title, pattern), ilike(sql`coalesce(${orders.prescription}->>'caseRef', '')`, pattern))!;
  return digits ? or(eq(orders.number, Number(digits)), text)! : text;
}

/**
 * `GET /api/orders` (docs/product.md §3.6): the caller's orders, filtered by status, searched, sorted by due date or last
 * activity, one page at a time, with the total before paging.
 */
export async function listOrders(ctx: AppContext, user: UserRow, query: z.output<typeof orderListQuery>): Promise<{ items: OrderJson[]; total: number }> {
  const filters: SQL[] = [visibleTo(user.id)];
  if (query.status === 'active') filters.push(inArray(orders.status, [...ACTIVE_ORDER_STATUSES]));
  else if (query.status === 'awaiting_me') filters.push(awaitingMe(user.id));
  else if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) filters.push(matching(query.q));
  const where = and(...filters);
  const order = query.sort === 'due' ? [sql`${orders.dueAt} asc nulls last`, desc(orders.updatedAt), desc(orders.id)] : [desc(orders.updatedAt), desc(orders.id)];
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ o: orders, buyer: party(buyer), seller: party(seller), paymentId: latestPaymentId, reviewed: hasReview, disputeAnswered })
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.buyerId))
      .innerJoin(seller, eq(seller.id, orders.sellerId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const items = rows.map((r) => toOrderJson(r.o, { buyer: r.buyer, seller: r.seller, viewerId: user.id, paymentId: r.paymentId, reviewed: r.reviewed, disputeAnswered: r.disputeAnswered }));
  return { items, total: count?.n ?? 0 };
}

export async function orderDetail(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderDetailJson> {
  return orderDetailOf(ctx, await participantOrder(ctx, user, orderId), user.id);
}

/** The order's detail as `viewerId` sees it (a party, or an administrator reading a dispute: no actions then). */
export async function orderDetailOf(ctx: AppContext, order: OrderRow, viewerId: string): Promise<OrderDetailJson> {
  const [[people], events, files, [review], pins, [dispute]] = await Promise.all([
    ctx.db
      .select({ buyer: party(buyer), seller: party(seller), paymentId: latestPaymentId })
      .from(orders)
      .innerJoin(buyer, eq(buyer.id, orders.buyerId))
      .innerJoin(seller, eq(seller.id, orders.sellerId))
      .where(eq(orders.id, order.id)),
    ctx.db
      .select({ e: orderEvents, actor: party(actor) })
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
    pinsByEvent(ctx, order.id),
    ctx.db.select().from(disputes).where(eq(disputes.orderId, order.id)),
  ]);
  const reviewed = Boolean(review);
  const facts = { reviewed, disputeAnswered: Boolean(dispute?.respondedAt) };
  const base = toOrderJson(order, { buyer: people!.buyer, seller: people!.seller, viewerId, paymentId: people!.paymentId, ...facts });
  return {
    ...base,
    requirements: order.requirements,
    attachments: files.filter((f) => !f.eventId).map(toOrderFileJson),
    events: events.map(({ e, actor }) =>
      toOrderEventJson(e, actor?.id ? actor : null, files.filter((f) => f.eventId === e.id), pins.get(e.id) ?? []),
    ),
    review: review ? toReviewJson(review.r, review.buyer, order.title) : null,
    dispute: dispute ? toDisputeJson(dispute, order.currency) : null,
    unavailable: presentOrderPolicies({ ...order, ...facts }, viewerId).unavailable,
    pinsResolvable: pinResolveRefusal(order, viewerId) === null,
  };
}

export async function balance(ctx: AppContext, user: UserRow): Promise<BalanceJson> {
  const { escrow, available, reserved } = await balanceOf(ctx.db, user.id);
  const currency = ctx.config.currency;
  const money = (minor: number) => fromMinor(minor, currency);
  return { escrow: money(escrow), available: money(available), reserved: money(reserved), currency, feePercent: ctx.config.payments.feePercent };
}

/**
 * What each event's notice names (docs/decisions/0059): the title always; the count and price of a paid order, the
 * days of an automatic completion, the amount of a refund offer. The reader's app words it (`orders.events.summary`).
 */
export function eventParams(type: OrderEventType, o: OrderRow): OrderEventParams {
  const money = (minor: number) => ({ amount: fromMinor(minor, o.currency), currency: o.currency });
  switch (type) {
    case 'paid':
      return { title: o.title, quantity: o.quantity, ...money(o.price) };
    case 'auto_completed':
      return { title: o.title, days: AUTO_COMPLETE_DAYS };
    case 'refund_offered':
      return { title: o.title, ...money(o.refundOfferAmount ?? 0) };
    default:
      return { title: o.title };
  }
}

/** The same notices in English, stored as the system message's text for clients that do not read `event`. */
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
  extension_requested: (o) => `More time was asked for ${o.title}.`,
  extension_accepted: (o) => `The due date of ${o.title} was extended.`,
  extension_declined: (o) => `The request for more time on ${o.title} was declined.`,
  disputed: (o) => `A dispute was opened on ${o.title}. An administrator will decide.`,
  dispute_answered: (o) => `The designer answered the dispute on ${o.title}.`,
  dispute_resolved: (o) => `The dispute on ${o.title} was resolved.`,
  refund_offered: (o) => `The designer offers to refund ${formatMoney(fromMinor(o.refundOfferAmount ?? 0, o.currency), o.currency)} of ${o.title}.`,
  refund_accepted: (o) => `The refund offer on ${o.title} was accepted. The order is complete.`,
  refund_declined: (o) => `The refund offer on ${o.title} was declined.`,
  rescan_requested: (o) => `New scans were asked for ${o.title}. The due date is paused until they arrive.`,
  scans_added: (o) => `New case files were added to ${o.title}.`,
  revision_bought: (o) => `An extra revision was bought for ${o.title}.`,
};

/**
 * In the transaction of an order's change: its summary in the pair's conversation (docs/decisions/0053), so the
 * change and its message are committed together or not at all. Returns what `announce` broadcasts after the commit.
 */
export function recordEventMessage(tx: Transaction, order: OrderRow, event: Pick<OrderEventRow, 'id' | 'type' | 'actorId'>): Promise<PostedMessage | null> {
  return recordSystemMessage(tx, {
    sellerId: order.sellerId,
    buyerId: order.buyerId,
    actorId: event.actorId,
    text: EVENT_TEXT[event.type](order),
    event: { orderId: order.id, type: event.type, params: eventParams(event.type, order) },
    clientId: `order-event-${event.id}`,
  });
}

/**
 * After an order's change is committed: both parties' open pages and lists hear `order:updated` (through the Redis
 * adapter on every instance), and their conversation's sockets the message `recordEventMessage` wrote.
 */
export function announce(ctx: AppContext, order: OrderRow, posted: PostedMessage | null) {
  orderUpdated(ctx, order);
  pushMessage(ctx, posted);
}

/** Tells both parties' sockets that the order changed (a designer only once it is paid: before that it is not theirs to see). */
export function orderUpdated(ctx: AppContext, order: Pick<OrderRow, 'id' | 'status' | 'buyerId' | 'sellerId'>) {
  const to = order.status === 'pending_payment' ? [order.buyerId] : [order.buyerId, order.sellerId];
  ctx.realtime.toUsers(to, 'order:updated', { orderId: order.id, status: order.status });
}

interface Transition {
  /**
   * The policy's action: the UPDATE matches only its `from` statuses (for `party`) and its conditions (ORDER_POLICY).
   * `{ admin: [...] }`: an administrator's step outside the parties' table (resolving a dispute), from those statuses.
   */
  action: OrderAction | { admin: OrderStatus[] };
  /** Who acts: their statuses of the action only; null for the scheduler (any of them). */
  party: OrderParty | null;
  /**
   * The status the caller was authorized in: the UPDATE matches only it, so the change is made on the very state
   * the decision was made on (a buyer's cancel read while unpaid cannot cancel an order paid meanwhile unrefunded).
   */
  seen?: OrderStatus;
  /** The new status; absent: unchanged (an answer to a dispute, a declined offer). */
  to?: OrderStatus;
  set?: Partial<typeof orders.$inferInsert>;
  event: OrderEventType;
  actorId: string | null;
  note?: string | null;
  /** A further clause the UPDATE must match (the very refund offer the buyer accepts). */
  where?: SQL;
  /** The teeth the event points at (a revision request, docs/product.md §5.4). */
  units?: number[];
  /** The case review's checklist items a revision request marks "change" (docs/decisions/0059). */
  checklist?: ChecklistEntry[];
  /** The delivered files an acceptance approves (docs/decisions/0037). */
  approvedFiles?: string[];
  /** The days a request for more time asks for (docs/product.md §5.2a). */
  days?: number;
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
  const change = await ctx.db.transaction(async (tx) => {
    const changed = await transitionIn(ctx, tx, orderId, t);
    if (!changed) throw new AppError('ORDER_WRONG_STATUS');
    return changed;
  });
  committed(ctx, change);
  return change.row;
}

/** A change `transitionIn` made, for `committed` once its transaction commits. */
interface OrderChange {
  row: OrderRow;
  posted: PostedMessage | null;
  action: string;
}

/**
 * The one place an order's status changes: `transition`'s step inside a transaction the caller holds (a payment's
 * claim and booking, an account's deletion), with its event, effects, notice and message. Null when the order is no
 * longer where the step starts from (nothing is written); the caller hands the change to `committed` after the commit.
 */
async function transitionIn(ctx: AppContext, tx: Transaction, orderId: string, t: Transition): Promise<OrderChange | null> {
  const now = t.now ?? new Date();
  const guard = typeof t.action === 'string' ? transitionGuard(t.action, t.party) : { from: t.action.admin, where: undefined };
  const from = t.seen ? guard.from.filter((status) => status === t.seen) : guard.from;
  const [row] = await tx
    .update(orders)
    .set({ ...t.set, ...(t.to ? { status: t.to } : {}), updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from), guard.where, t.where))
    .returning();
  if (!row) return null;
  const [event] = await tx
    .insert(orderEvents)
    .values({ orderId, actorId: t.actorId, type: t.event, note: t.note || null, units: t.units?.length ? t.units : null, checklist: t.checklist?.length ? t.checklist : null, days: t.days ?? null, approvedFiles: t.approvedFiles?.length ? t.approvedFiles : null, createdAt: now })
    .returning();
  await t.also?.(tx, row, event!);
  await notifyOrderEvent(ctx, tx, row, event!); // the other party is told (ADR 0027)
  return { row, posted: await recordEventMessage(tx, row, event!), action: typeof t.action === 'string' ? t.action : 'admin' };
}

/** After the commit: both parties' pages hear of the change, and it is counted (`cusp_order_transitions_total`). */
function committed(ctx: AppContext, change: OrderChange) {
  announce(ctx, change.row, change.posted);
  ctx.metrics.orderTransitions.inc({ action: change.action });
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

/** Every payment that went into the order's escrow, oldest first: the order's own, then its extra revisions (docs/product.md §5.4). */
export async function paymentsOfOrder(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(payments)
    .where(and(inArray(payments.itemType, ['service', 'revision']), eq(payments.itemId, orderId), isNotNull(payments.usedAt), eq(payments.status, 'paid')))
    .orderBy(asc(payments.usedAt));
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

/** A visible service someone else offers: what can be ordered. */
export async function orderableService(ctx: AppContext, user: UserRow, id: string) {
  const [service] = await ctx.db.select(serviceColumns).from(services).where(and(eq(services.id, id), eq(services.hidden, false)));
  if (!service) throw new AppError('ITEM_NOT_FOUND');
  if (service.userId === user.id) throw new AppError('ORDER_OWN_SERVICE');
  return service;
}

/**
 * A buyer's new order of a service, unpaid (`pending_payment`: the buyer's draft, which its designer does not see),
 * as `priceOrder` priced it, with its case files claimed and their roles. In the caller's transaction, which adds the
 * payment that will pay it (`payOrder`). Its `created` event tells nobody.
 */
export async function placeOrder(
  tx: Transaction,
  o: { buyerId: string; service: Awaited<ReturnType<typeof orderableService>>; priced: PricedOrder; attachments: z.output<typeof serviceIntentInput>['attachments']; currency: string },
): Promise<OrderRow> {
  const { service, priced } = o;
  const [order] = await tx
    .insert(orders)
    .values({
      serviceId: service.id,
      buyerId: o.buyerId,
      sellerId: service.userId,
      title: service.title,
      image: service.cover,
      unitOrArch: service.unitOrArch,
      unitPrice: service.toothPrice,
      quantity: priced.quantity,
      price: priced.price,
      currency: o.currency,
      teeth: priced.teeth,
      requirements: priced.requirements,
      prescription: priced.prescription,
      deliveryDays: priced.deliveryDays,
      tier: priced.tier,
      revisionsIncluded: service.revisions,
      extraRevisionPrice: service.extraRevisionPrice,
    })
    .returning();
  await tx.insert(orderEvents).values({ orderId: order!.id, actorId: o.buyerId, type: 'created' });
  await claimFiles(tx, o.attachments.map((a) => (typeof a === 'string' ? a : a.id)), o.buyerId, order!.id, null);
  await applyFileRoles(tx, order!.id, o.attachments);
  return order!;
}

/**
 * A payment the payments module verified with the provider, for an order's price or for an extra revision of it
 * (docs/decisions/0041), in one transaction: `claim` (the payments module's: false when another caller claimed the
 * payment first, and then nothing happens), the money into the order's escrow, and the order's `pay` step (the due
 * clock starts, the designer is told) or `buyRevision` step (one more revision included, the price grows by it, so
 * completion, refunds and disputes move it with the rest), re-checked in its UPDATE. An order that moved on
 * meanwhile (cancelled; for a revision, accepted, disputed, a second extra revision paid first) gets the money
 * straight back (to the card once this commits, ADR 0053).
 */
export async function payOrder(
  ctx: AppContext,
  p: Pick<PaymentRow, 'id' | 'itemType' | 'itemId' | 'userId' | 'amount'>,
  claim: (tx: Transaction) => Promise<boolean>,
): Promise<'settled' | 'already' | 'refunded'> {
  const now = new Date();
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await claim(tx))) return 'already' as const;
    await bookOrderPayment(tx, { paymentId: p.id, orderId: p.itemId, amount: p.amount, feePercent: ctx.config.payments.feePercent });
    const step: Transition =
      p.itemType === 'revision'
        ? {
            action: 'buyRevision',
            party: 'buyer',
            set: {
              revisionsIncluded: sql`${orders.revisionsIncluded} + 1` as unknown as number,
              price: sql`${orders.price} + ${p.amount}` as unknown as number,
            },
            event: 'revision_bought',
            actorId: p.userId,
            now,
          }
        : { action: 'pay', party: 'buyer', to: 'in_progress', set: { paidAt: now, dueAt: await dueAtFromPayment(tx, p.itemId, now) }, event: 'paid', actorId: p.userId, now };
    const changed = await transitionIn(ctx, tx, p.itemId, step);
    if (changed) return changed;
    await bookRefund(tx, { paymentId: p.id, orderId: p.itemId, amount: p.amount });
    return 'refunded' as const;
  });
  if (typeof done === 'string') return done;
  committed(ctx, done);
  return 'settled';
}

/** The clock starts at payment (docs/product.md §5.2a): the prescription's date, else the service's delivery time from now. */
async function dueAtFromPayment(tx: Transaction, orderId: string, now: Date): Promise<Date | null> {
  const [unpaid] = await tx.select({ prescription: orders.prescription, deliveryDays: orders.deliveryDays }).from(orders).where(eq(orders.id, orderId));
  return unpaid ? dueAtOf(unpaid, now) : null;
}

export async function deliver(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof deliverInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'deliver');
  await transition(ctx, order.id, {
    action: 'deliver',
    party: 'seller',
    seen: order.status,
    to: 'delivered',
    // A request for more time still waiting is moot once the design is in, and so is a rescan request.
    set: { deliveredAt: new Date(), extensionDays: null, extensionReason: null, ...clockRestarted(new Date()) },
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
  await checkPins(ctx, order, input.pins);
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
    checklist: input.checklist,
    also: (tx, _row, event) => insertPins(tx, order.id, event.id, input.pins),
  });
  return orderDetail(ctx, user, order.id);
}

/** Completion by the buyer or the scheduler: escrow released to the designer minus the fee, one sale counted. */
export async function completeOrder(ctx: AppContext, order: OrderRow, actorId: string | null, now = new Date(), approvedFiles?: string[]) {
  const row = await transition(ctx, order.id, {
    action: 'accept',
    party: actorId ? 'buyer' : null,
    seen: order.status,
    to: 'completed',
    set: { completedAt: now },
    event: actorId ? 'completed' : 'auto_completed',
    actorId,
    approvedFiles,
    now,
    also: async (tx, row) => {
      const payment = await paymentOfOrder(tx, row.id);
      if (!payment) throw new Error(`order ${row.id} is delivered but has no payment`);
      await bookRelease(tx, { paymentId: payment.id, orderId: row.id, amount: row.price, sellerId: row.sellerId, feePercent: ctx.config.payments.feePercent });
      await tx.update(services).set({ sales: sql`${services.sales} + 1` }).where(eq(services.id, row.serviceId));
    },
  });
  catalogueChanged(ctx, { services: [order.serviceId] }); // the service's sales and its designer's completed orders
  return row;
}

export async function accept(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof acceptInput> = {}) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'accept');
  // Which files were approved (docs/decisions/0037): those named, else the latest delivery's.
  await completeOrder(ctx, order, user.id, new Date(), await approvedFilesOf(ctx, order.id, input.files));
  return orderDetail(ctx, user, order.id);
}

/**
 * Cancel before delivery (docs/product.md §5.5). A paid order's refund is booked in the same transaction and sent to
 * the provider once it commits (ADR 0053).
 */
export async function cancel(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof cancelInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'cancel');
  await transition(ctx, order.id, cancelStep({ seen: order.status, party: partyOf(order, user), actorId: user.id, note: input.reason, attemptsClosedAs: 'order cancelled' }));
  return orderDetail(ctx, user, order.id);
}

/**
 * The cancel step, from the status `seen`: unpaid, its open payment attempts are closed (`attemptsClosedAs`) so none
 * can be paid for a cancelled order; paid, its price goes back to the buyer's card, with a `refunded` event.
 */
function cancelStep(c: { seen: OrderStatus; party: OrderParty | null; actorId: string; note: string | null; attemptsClosedAs: string }): Transition {
  const now = new Date();
  return {
    action: 'cancel',
    party: c.party,
    seen: c.seen,
    to: 'cancelled',
    set: { cancelledAt: now, extensionDays: null, extensionReason: null, ...clockRestarted(now) },
    event: 'cancelled',
    actorId: c.actorId,
    note: c.note,
    now,
    also: async (tx, row) => {
      if (c.seen === 'pending_payment') {
        await tx
          .update(payments)
          .set({ status: 'failed', failureReason: c.attemptsClosedAs, updatedAt: now })
          .where(and(eq(payments.itemType, 'service'), eq(payments.itemId, row.id), inArray(payments.status, ['requires_payment', 'requires_action'])));
        return;
      }
      const payment = await paymentOfOrder(tx, row.id);
      if (!payment) throw new Error(`order ${row.id} is in progress but has no payment`);
      await bookRefund(tx, { paymentId: payment.id, orderId: row.id, amount: row.price });
      await tx.insert(orderEvents).values({ orderId: row.id, actorId: null, type: 'refunded', createdAt: new Date() });
    },
  };
}

/**
 * An account's deletion (ADR 0032) cancels its unpaid orders, as buyer or designer, in the deletion's transaction:
 * each by the cancel step, the leaving user its actor (so a buyer whose draft a designer's leaving cancels is told;
 * a designer never hears of a draft they never saw). The platform closes the account, not a party's turn: any
 * status the cancel starts from, here only `pending_payment` (the deletion refuses while an order is paid and open).
 * Returns what to announce once the deletion commits.
 */
export async function cancelUnpaidOrdersOf(ctx: AppContext, tx: Transaction, userId: string): Promise<() => void> {
  const unpaid = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), eq(orders.status, 'pending_payment')))
    .for('update');
  const cancelled: OrderChange[] = [];
  for (const { id } of unpaid) {
    const changed = await transitionIn(ctx, tx, id, cancelStep({ seen: 'pending_payment', party: null, actorId: userId, note: 'account deleted', attemptsClosedAs: 'account deleted' }));
    if (changed) cancelled.push(changed);
  }
  return () => {
    for (const change of cancelled) committed(ctx, change);
  };
}

/** The designer asks for `days` more (docs/product.md §5.2a); the status stays, the request waits for the buyer. */
export async function requestExtension(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof extensionInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'extension');
  await transition(ctx, order.id, {
    action: 'extension',
    party: 'seller',
    seen: order.status,
    to: order.status,
    set: { extensionDays: input.days, extensionReason: input.reason },
    event: 'extension_requested',
    actorId: user.id,
    note: input.reason,
    days: input.days,
  });
  return orderDetail(ctx, user, order.id);
}

/** The buyer answers the waiting request: accepted moves `dueAt` by its days (in the same UPDATE), declined leaves it. */
export async function answerExtension(ctx: AppContext, user: UserRow, orderId: string, accepted: boolean) {
  const order = await participantOrder(ctx, user, orderId);
  const action = accepted ? 'extensionAccept' : 'extensionDecline';
  authorize(order, user, action);
  await transition(ctx, order.id, {
    action,
    party: 'buyer',
    seen: order.status,
    to: order.status,
    set: {
      // While the clock is stopped for new scans, the days go to the time left instead (null stays null).
      ...(accepted
        ? {
            dueAt: sql`${orders.dueAt} + make_interval(days => ${orders.extensionDays}::int)` as unknown as Date,
            dueRemainingMs: sql`${orders.dueRemainingMs} + ${orders.extensionDays}::bigint * ${DAY_MS}` as unknown as number,
          }
        : {}),
      extensionDays: null,
      extensionReason: null,
    },
    event: accepted ? 'extension_accepted' : 'extension_declined',
    actorId: user.id,
    days: order.extensionDays ?? undefined,
  });
  return orderDetail(ctx, user, order.id);
}

/**
 * The due clock running again from `now` with the time that was left when a rescan stopped it (docs/product.md §5.2a); on an
 * order not waiting for scans it changes nothing. SQL, so it reads the row the UPDATE changes.
 */
function clockRestarted(now: Date): Partial<typeof orders.$inferInsert> {
  return {
    dueAt: sql`case when ${orders.waitingForScans} then ${now.toISOString()}::timestamptz + ${orders.dueRemainingMs} * interval '1 millisecond' else ${orders.dueAt} end` as unknown as Date,
    waitingForScans: false,
    rescanReason: null,
    dueRemainingMs: null,
  };
}

/** The designer finds the scans unusable and asks for new ones (docs/product.md §5.2a): the due clock stops, keeping the time left. */
export async function requestRescan(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof rescanInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'rescan');
  const now = new Date();
  await transition(ctx, order.id, {
    action: 'rescan',
    party: 'seller',
    seen: order.status,
    to: order.status,
    set: {
      waitingForScans: true,
      rescanReason: input.reason,
      dueRemainingMs: sql`(extract(epoch from ${orders.dueAt} - ${now.toISOString()}::timestamptz) * 1000)::bigint` as unknown as number,
      dueAt: null,
    },
    event: 'rescan_requested',
    actorId: user.id,
    note: input.reason,
    now,
  });
  return orderDetail(ctx, user, order.id);
}

/**
 * The buyer adds case files while the design is owed (ids from `POST /api/order-files`); after a rescan request
 * the due clock starts again with the time that was left. The files join the case files (not a delivery).
 */
export async function addCaseFiles(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof caseFilesInput>) {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'caseFiles');
  const now = new Date();
  await transition(ctx, order.id, {
    action: 'caseFiles',
    party: 'buyer',
    seen: order.status,
    to: order.status,
    set: clockRestarted(now),
    event: 'scans_added',
    actorId: user.id,
    note: input.note,
    now,
    also: async (tx, row) => {
      await claimFiles(tx, input.files, user.id, order.id, null);
      await applyFileRoles(tx, row.id, input.files);
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
