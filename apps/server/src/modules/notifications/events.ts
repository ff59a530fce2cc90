import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { AUTO_COMPLETE_DAYS, CONVERSATION_PREVIEW_LENGTH, formatMoney, fromMinor, type NotificationKind } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { courses, disputes, orders, users, type OrderRow, type PayoutRow } from '../../db/schema/index.js';
import { hasUnread, notify, notifyMany, type NotifySettings, type Tx } from './notify.js';

/**
 * The hook points (docs/decisions/0027): each is one call, inside the transaction of the event it reports, in
 * the module where the event happens. Who is told, and with which params, is decided here.
 */

const HOUR_MS = 3_600_000;

async function usernameOf(tx: Tx, id: string | null): Promise<string> {
  if (!id) return '';
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? '';
}

interface OrderEventLike {
  id: string;
  type: string;
  actorId: string | null;
  note?: string | null;
}

/**
 * An order's event (orders.service's transitions, payment included, and a review): paid → the designer; delivered →
 * the buyer; revision requested, accepted, reviewed → the designer; completed on its own → both; cancelled → the
 * other party (the designer only once the order was paid: before that it is not theirs to see), saying whether
 * the payment was refunded; more time asked, answered, new scans asked, sent, an extra revision bought → the
 * other party. Other events tell nobody.
 */
export async function notifyOrderEvent(ctx: NotifySettings, tx: Tx, order: OrderRow, event: OrderEventLike): Promise<void> {
  const link = `/orders/${order.id}`;
  const title = order.title;
  const other = event.actorId === order.buyerId ? order.sellerId : order.buyerId;
  const send = async (userId: string, kind: NotificationKind, params: Record<string, string | number | boolean> = {}) =>
    notify(ctx, tx, { userId, kind, link, params: { title, ...params }, dedupeKey: `order-event:${event.id}` });
  switch (event.type) {
    case 'paid':
      return send(order.sellerId, 'order_paid', { name: await usernameOf(tx, order.buyerId) });
    case 'delivered':
      return send(order.buyerId, 'order_delivered', { name: await usernameOf(tx, order.sellerId) });
    case 'revision_requested':
      return send(order.sellerId, 'order_revision_requested', { name: await usernameOf(tx, order.buyerId) });
    case 'completed':
      return send(order.sellerId, 'order_accepted', { name: await usernameOf(tx, order.buyerId) });
    case 'auto_completed':
      await send(order.buyerId, 'order_auto_completed');
      return send(order.sellerId, 'order_auto_completed');
    case 'cancelled': {
      if (other === order.sellerId && !order.paidAt) return;
      return send(other, 'order_cancelled', { name: await usernameOf(tx, event.actorId), refunded: !!order.paidAt });
    }
    case 'reviewed': {
      const stars = Number.parseInt(event.note ?? '', 10);
      return send(order.sellerId, 'review_received', { name: await usernameOf(tx, order.buyerId), ...(Number.isFinite(stars) ? { stars } : {}) });
    }
    // Disputes and partial refunds (docs/product.md §5.11): the other party is told of each step, both of the resolution.
    case 'disputed':
      return send(order.sellerId, 'order_disputed', { name: await usernameOf(tx, order.buyerId) });
    case 'dispute_answered':
      return send(order.buyerId, 'dispute_answered', { name: await usernameOf(tx, order.sellerId) });
    case 'dispute_resolved': {
      const [dispute] = await tx.select().from(disputes).where(eq(disputes.orderId, order.id));
      const money = (minor: number | null | undefined) => formatMoney(fromMinor(minor ?? 0, order.currency), order.currency);
      const params = { outcome: dispute?.outcome ?? '', buyerAmount: money(dispute?.buyerAmount), designerAmount: money(dispute?.designerAmount) };
      await send(order.buyerId, 'dispute_resolved', params);
      return send(order.sellerId, 'dispute_resolved', params);
    }
    case 'refund_offered':
      return send(order.buyerId, 'refund_offered', {
        name: await usernameOf(tx, order.sellerId),
        amount: formatMoney(fromMinor(order.refundOfferAmount ?? 0, order.currency), order.currency),
      });
    case 'refund_accepted':
    case 'refund_declined':
      return send(order.sellerId, event.type, { name: await usernameOf(tx, order.buyerId) });
    // More time, rescans and extra revisions (docs/product.md §5.2a, §5.4): the other party is told of each.
    case 'extension_requested':
      return send(order.buyerId, 'extension_requested', { name: await usernameOf(tx, order.sellerId), days: order.extensionDays ?? 0 });
    case 'extension_accepted':
    case 'extension_declined':
      return send(order.sellerId, event.type, { name: await usernameOf(tx, order.buyerId) });
    case 'rescan_requested':
      return send(order.buyerId, 'rescan_requested', { name: await usernameOf(tx, order.sellerId), reason: event.note ?? '' });
    case 'scans_added':
    case 'revision_bought':
      return send(order.sellerId, event.type, { name: await usernameOf(tx, order.buyerId) });
    default:
      return;
  }
}

/** A learner enrolled in a course (free or paid): its creator is told. */
export async function notifyEnrolment(ctx: NotifySettings, tx: Tx, enrolment: { courseId: string; userId: string; id?: string }): Promise<void> {
  const [course] = await tx.select({ creatorId: courses.creatorId, title: courses.title }).from(courses).where(eq(courses.id, enrolment.courseId));
  if (!course || course.creatorId === enrolment.userId) return;
  await notify(ctx, tx, {
    userId: course.creatorId,
    kind: 'course_enrolled',
    params: { title: course.title, name: await usernameOf(tx, enrolment.userId) },
    link: `/courses/${enrolment.courseId}`,
    dedupeKey: `enrolment:${enrolment.courseId}:${enrolment.userId}`,
  });
}

/**
 * Chat messages, each unless its recipient is looking at that conversation (`away` is false: a socket of theirs
 * reported it on screen, see notifications.socket.ts). The recipient has one unread notification per conversation,
 * which each message updates (its count, preview and time) until it is read, so a flood of messages cannot push
 * other notices off the bell's first page (docs/decisions/0027). E-mail is batched per conversation. Called with a
 * batch of stored messages, inside the transaction that stored them (docs/decisions/0046).
 */
export async function notifyChatMessages(
  ctx: NotifySettings,
  tx: Tx,
  list: Array<{ conversationId: string; recipientId: string; senderName: string; text: string; messageId: string; away: boolean }>,
): Promise<void> {
  await notifyMany(
    ctx,
    tx,
    list
      .filter((m) => m.away)
      .map((m) => ({
        userId: m.recipientId,
        kind: 'message_received' as const,
        params: { name: m.senderName, preview: m.text.length > CONVERSATION_PREVIEW_LENGTH ? `${m.text.slice(0, CONVERSATION_PREVIEW_LENGTH)}…` : m.text },
        link: `/message/${m.conversationId}`,
        groupKey: `conversation:${m.conversationId}`,
      })),
  );
}

/** An administrator verified a designer (the admin page or `npm run admin -- verify`): the designer is told once. */
export async function notifyDesignerVerified(ctx: NotifySettings, tx: Tx, designer: { id: string; isVerified: boolean; isDesigner: boolean }): Promise<void> {
  if (!designer.isVerified || !designer.isDesigner) return;
  if (await hasUnread(tx, designer.id, 'designer_verified')) return;
  await notify(ctx, tx, { userId: designer.id, kind: 'designer_verified', params: {}, link: '/profile' });
}

/**
 * The scheduled job: buyers of orders delivered long enough ago that they complete on their own within the next
 * 24 hours are told once per delivery (the dedupe key holds the delivery time: a new delivery, a new reminder).
 */
export async function remindAutoCompletions(ctx: AppContext, now = new Date()): Promise<number> {
  const autoAt = AUTO_COMPLETE_DAYS * 24 * HOUR_MS;
  const due = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['delivered']),
        lte(orders.deliveredAt, new Date(now.getTime() - autoAt + 24 * HOUR_MS)),
        gt(orders.deliveredAt, new Date(now.getTime() - autoAt)),
      ),
    )
    .limit(500);
  for (const order of due) {
    await ctx.db.transaction((tx) =>
      notify(ctx, tx, {
        userId: order.buyerId,
        kind: 'order_auto_complete_soon',
        params: { title: order.title },
        link: `/orders/${order.id}`,
        dedupeKey: `auto-complete-soon:${order.id}:${order.deliveredAt!.getTime()}`,
        now,
      }),
    );
  }
  return due.length;
}

/** The room of a user's sockets looking at a conversation (they report it: notifications.socket.ts). */
export const viewingRoom = (userId: string, conversationId: string) => `viewing:${userId}:${conversationId}`;

/**
 * Whether a message in this conversation should notify its recipient: no socket of theirs, on any instance,
 * has the conversation on screen. Asked before the message's transaction, not inside it.
 */
export async function recipientAway(ctx: AppContext, c: { id: string; sellerId: string; buyerId: string }, senderId: string): Promise<boolean> {
  const recipient = c.sellerId === senderId ? c.buyerId : c.sellerId;
  return !(await ctx.realtime.anyoneIn(viewingRoom(recipient, c.id)));
}

/** A payout decided by an administrator (docs/product.md §6.6): its designer is told, paid with the reference or rejected with why. */
export async function notifyPayoutDecided(ctx: NotifySettings, tx: Tx, payout: PayoutRow): Promise<void> {
  if (payout.status === 'requested') return;
  const amount = formatMoney(fromMinor(payout.amount, payout.currency), payout.currency);
  await notify(ctx, tx, {
    userId: payout.userId,
    kind: payout.status === 'paid' ? 'payout_paid' : 'payout_rejected',
    link: '/payouts',
    params: payout.status === 'paid' ? { amount, reference: payout.reference ?? '' } : { amount, reason: payout.reason ?? '' },
    dedupeKey: `payout:${payout.id}`,
  });
}
