import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  fromMinor,
  ORDER_MESSAGES,
  toMinor,
  type disputeInput,
  type disputeResponseInput,
  type OrderDetailJson,
  type partialRefundInput,
  type resolveDisputeInput,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { disputes, orderEvents, orders, payments, services, type OrderRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { bookSettlement, refundParts } from '../ledger/index.js';
import { catalogueChanged } from '../listings/index.js';
import { authorize } from './orders.policy.js';
import { claimFiles, orderDetail, orderDetailOf, participantOrder, paymentsOfOrder, transition, type Transaction } from './orders.service.js';

/**
 * Disputes and partial refunds (docs/decisions/0035). Each step is one transition of the order (its conditional UPDATE
 * makes it happen once, the timeline and both parties' notifications come with it); the money leaves escrow in one
 * ledger movement, and the refunded part goes back through the payment provider once that commits (ADR 0053).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Empties the order's escrow: `refund` (minor units) back to the buyer, the rest to the designer less the fee on their
 * part. The ledger records the refund, and the provider is asked for it once this commits (the durable queue, ADR
 * 0053), with its own idempotency key per step, so a retried step refunds once and a later one is not mistaken for it.
 */
async function settleEscrow(ctx: AppContext, tx: Transaction, row: OrderRow, refund: number, step: string) {
  // The price may have been paid in parts (the order, then extra revisions, docs/decisions/0041): the refund is spread
  // over them, each giving back at most what it took, and each part gets its own credit note on its own receipt.
  const paid = await paymentsOfOrder(tx, row.id);
  if (paid.length === 0) throw new Error(`order ${row.id} has escrow but no payment`);
  const parts = refundParts(paid, refund);
  const { fee } = await bookSettlement(tx, { paymentId: paid[0]!.id, orderId: row.id, price: row.price, refunds: parts, sellerId: row.sellerId, feePercent: ctx.config.payments.feePercent, step });
  if (row.price - refund > 0) await tx.update(services).set({ sales: sql`${services.sales} + 1` }).where(eq(services.id, row.serviceId));
  if (refund > 0) {
    await tx.insert(orderEvents).values({ orderId: row.id, actorId: null, type: 'refunded', note: formatMoney(fromMinor(refund, row.currency), row.currency) });
    for (const part of parts) {
      const payment = paid.find((p) => p.id === part.paymentId)!;
      if (part.amount === payment.amount) await tx.update(payments).set({ status: 'refunded', updatedAt: new Date() }).where(eq(payments.id, payment.id));
    }
  }
  return { fee };
}

/** `POST /orders/{id}/dispute`: the buyer stops a delivery from completing; an administrator will decide. */
export async function openDispute(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof disputeInput>): Promise<OrderDetailJson> {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'dispute');
  await transition(ctx, order.id, {
    action: 'dispute',
    party: 'buyer',
    seen: order.status,
    to: 'disputed',
    event: 'disputed',
    actorId: user.id,
    note: input.statement,
    also: async (tx, row, event) => {
      await tx.insert(disputes).values({ orderId: row.id, reason: input.reason, statement: input.statement });
      await claimFiles(tx, input.files, user.id, row.id, event.id);
    },
  });
  return orderDetail(ctx, user, order.id);
}

async function disputeOf(ctx: AppContext, orderId: string) {
  const [dispute] = await ctx.db.select().from(disputes).where(eq(disputes.orderId, orderId));
  return dispute ?? null;
}

/** `POST /orders/{id}/dispute/response`: the designer's one answer, with files. */
export async function respondToDispute(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof disputeResponseInput>): Promise<OrderDetailJson> {
  const order = await participantOrder(ctx, user, orderId);
  const dispute = await disputeOf(ctx, order.id);
  authorize({ ...order, disputeAnswered: Boolean(dispute?.respondedAt) }, user, 'respond');
  await transition(ctx, order.id, {
    action: 'respond',
    party: 'seller',
    seen: order.status,
    event: 'dispute_answered',
    actorId: user.id,
    note: input.statement,
    also: async (tx, row, event) => {
      // Once: of two answers sent together, the second finds it answered and rolls back (409).
      const [answered] = await tx
        .update(disputes)
        .set({ response: input.statement, respondedAt: new Date() })
        .where(and(eq(disputes.orderId, row.id), eq(disputes.status, 'open'), isNull(disputes.respondedAt)))
        .returning();
      if (!answered) throw new AppError('DISPUTE_ALREADY_ANSWERED');
      await claimFiles(tx, input.files, user.id, row.id, event.id);
    },
  });
  return orderDetail(ctx, user, order.id);
}

/** `POST /orders/{id}/partial-refund`: the designer offers part of the price back (more than 0, less than all of it). */
export async function offerRefund(ctx: AppContext, user: UserRow, orderId: string, input: z.output<typeof partialRefundInput>): Promise<OrderDetailJson> {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'offerRefund');
  const amount = toMinor(input.amount, order.currency);
  if (amount <= 0 || amount >= order.price) throw fieldError('REFUND_OFFER_OUT_OF_RANGE', 'amount');
  await transition(ctx, order.id, {
    action: 'offerRefund',
    party: 'seller',
    seen: order.status,
    set: { refundOfferAmount: amount, refundOfferNote: input.note || null },
    event: 'refund_offered',
    actorId: user.id,
    note: input.note,
  });
  return orderDetail(ctx, user, order.id);
}

/**
 * `POST /orders/{id}/partial-refund/accept`: the order completes with the offered part refunded and the rest released.
 * The UPDATE matches the very offer the buyer read, so an offer declined and made again meanwhile is not accepted blind.
 */
export async function acceptRefund(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderDetailJson> {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'acceptRefund');
  const refund = order.refundOfferAmount!;
  const now = new Date();
  await transition(ctx, order.id, {
    action: 'acceptRefund',
    party: 'buyer',
    seen: order.status,
    where: eq(orders.refundOfferAmount, refund),
    to: 'completed',
    set: { refundOfferAmount: null, refundOfferNote: null, completedAt: now },
    event: 'refund_accepted',
    actorId: user.id,
    now,
    also: async (tx, row) => {
      const { fee } = await settleEscrow(ctx, tx, { ...row, price: order.price }, refund, 'offer');
      // A dispute open on the order ends with the agreement.
      await tx
        .update(disputes)
        .set({ status: 'resolved', outcome: 'split', buyerAmount: refund, designerAmount: order.price - refund, fee, resolvedAt: now })
        .where(and(eq(disputes.orderId, row.id), eq(disputes.status, 'open')));
    },
  });
  catalogueChanged(ctx, { services: [order.serviceId] }); // a sale when the designer is paid a part
  return orderDetail(ctx, user, order.id);
}

/** `POST /orders/{id}/partial-refund/decline`: the offer lapses; the order stays where it was. */
export async function declineRefund(ctx: AppContext, user: UserRow, orderId: string): Promise<OrderDetailJson> {
  const order = await participantOrder(ctx, user, orderId);
  authorize(order, user, 'declineRefund');
  await transition(ctx, order.id, {
    action: 'declineRefund',
    party: 'buyer',
    seen: order.status,
    set: { refundOfferAmount: null, refundOfferNote: null },
    event: 'refund_declined',
    actorId: user.id,
  });
  return orderDetail(ctx, user, order.id);
}

/** `GET /admin/disputes`: the open disputes, oldest first, each with the order's prescription, files, timeline and statements. */
export async function listOpenDisputes(ctx: AppContext, admin: UserRow): Promise<OrderDetailJson[]> {
  const rows = await ctx.db
    .select({ o: orders })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputes.status, 'open'))
    .orderBy(asc(disputes.createdAt))
    .limit(100);
  return Promise.all(rows.map((r) => orderDetailOf(ctx, r.o, admin.id)));
}

/**
 * `POST /admin/disputes/{orderId}/resolve`: release (all to the designer), refund (all to the buyer) or split (an
 * amount each, summing to the price). Final: the order completes (cancelled when fully refunded), once, however
 * many administrators press at the same moment.
 */
export async function resolveDispute(ctx: AppContext, admin: UserRow, orderId: string, input: z.output<typeof resolveDisputeInput>): Promise<OrderDetailJson> {
  const [order] = UUID.test(orderId) ? await ctx.db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const dispute = await disputeOf(ctx, order.id);
  if (!dispute) throw new AppError('DISPUTE_NOT_FOUND');
  if (dispute.status !== 'open' || order.status !== 'disputed') throw new AppError('DISPUTE_NOT_OPEN');
  let refund = input.outcome === 'release' ? 0 : order.price;
  if (input.outcome === 'split') {
    const buyerPart = toMinor(input.buyerAmount ?? 0, order.currency);
    const designerPart = toMinor(input.designerAmount ?? 0, order.currency);
    if (buyerPart + designerPart !== order.price) {
      const message = `${ORDER_MESSAGES.splitMustSum} (${formatMoney(fromMinor(order.price, order.currency), order.currency)})`;
      throw new AppError('DISPUTE_SPLIT_MUST_SUM', {
        message,
        fieldErrors: { buyerAmount: message, designerAmount: message },
        fieldCodes: { buyerAmount: 'DISPUTE_SPLIT_MUST_SUM', designerAmount: 'DISPUTE_SPLIT_MUST_SUM' },
      });
    }
    refund = buyerPart;
  }
  const now = new Date();
  const fullRefund = refund === order.price;
  await transition(ctx, order.id, {
    action: { admin: ['disputed'] },
    party: null,
    to: fullRefund ? 'cancelled' : 'completed',
    set: { refundOfferAmount: null, refundOfferNote: null, ...(fullRefund ? { cancelledAt: now } : { completedAt: now }) },
    event: 'dispute_resolved',
    actorId: admin.id,
    now,
    also: async (tx, row) => {
      const { fee } = await settleEscrow(ctx, tx, row, refund, 'dispute');
      const [resolved] = await tx
        .update(disputes)
        .set({ status: 'resolved', outcome: input.outcome, buyerAmount: refund, designerAmount: order.price - refund, fee, resolvedBy: admin.id, resolvedAt: now })
        .where(and(eq(disputes.orderId, row.id), eq(disputes.status, 'open')))
        .returning();
      if (!resolved) throw new AppError('DISPUTE_NOT_OPEN');
    },
  });
  catalogueChanged(ctx, { services: [order.serviceId] }); // a sale when the designer is paid a part
  const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  return orderDetailOf(ctx, after!, admin.id);
}
