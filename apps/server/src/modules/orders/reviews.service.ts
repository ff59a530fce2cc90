import { aliasedTable, and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ReviewJson, type reviewInput, type reviewReplyInput } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderEvents, orders, reviews, services, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { catalogueChanged } from '../listings/index.js';
import { toReviewJson } from './orders.presenter.js';
import { announce, participantOrder, recordEventMessage } from './orders.service.js';
import { authorize } from './orders.policy.js';
import { notifyOrderEvent } from '../notifications/index.js';

const buyer = aliasedTable(users, 'buyer');
const party = { id: buyer.id, username: buyer.username, image: buyer.image };

/**
 * docs/product.md §5.7: the buyer of a completed order reviews it once; the service's totals move in the same
 * transaction, so ratings always agree with the reviews behind them.
 */
export async function createReview(ctx: AppContext, user: UserRow, input: z.output<typeof reviewInput>): Promise<ReviewJson> {
  const order = await participantOrder(ctx, user, input.orderId);
  const [existing] = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderId, order.id)).limit(1);
  authorize({ ...order, reviewed: Boolean(existing) }, user, 'review');
  const result = await ctx.db.transaction(async (tx) => {
    const [review] = await tx
      .insert(reviews)
      .values({ orderId: order.id, serviceId: order.serviceId, buyerId: user.id, sellerId: order.sellerId, star: input.star, desc: input.desc })
      .onConflictDoNothing()
      .returning();
    // The policy's `notReviewed`, held by the unique index when two reviews race.
    if (!review) throw new AppError('ORDER_ALREADY_REVIEWED');
    await tx
      .update(services)
      .set({ totalStars: sql`${services.totalStars} + ${input.star}`, starNumber: sql`${services.starNumber} + 1` })
      .where(eq(services.id, order.serviceId));
    const [event] = await tx.insert(orderEvents).values({ orderId: order.id, actorId: user.id, type: 'reviewed', note: `${input.star}/5` }).returning();
    await notifyOrderEvent(ctx, tx, order, event!); // the designer is told (ADR 0027)
    return { review, posted: await recordEventMessage(tx, order, event!) };
  });
  catalogueChanged(ctx, { services: [order.serviceId] }); // the service's rating and its designer's
  announce(ctx, order, result.posted);
  return toReviewJson(result.review, user, order.title);
}

/** Reviews of one service, or of all of a designer's services, newest first. */
export async function listReviews(ctx: AppContext, query: { serviceId?: string; userId?: string; limit: number }): Promise<ReviewJson[]> {
  const where = query.serviceId ? eq(reviews.serviceId, query.serviceId) : eq(reviews.sellerId, query.userId!);
  const rows = await ctx.db
    .select({ r: reviews, buyer: party, title: orders.title })
    .from(reviews)
    .innerJoin(buyer, eq(buyer.id, reviews.buyerId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(where)
    .orderBy(desc(reviews.createdAt))
    .limit(query.limit);
  return rows.map((r) => toReviewJson(r.r, r.buyer, r.title));
}

/**
 * The designer of the reviewed service answers a review, once (docs/product.md §5.7): 404 for an unknown review, 403 for
 * anyone else, 409 the second time (the `reply_text is null` of the UPDATE holds it when two replies race).
 */
export async function replyToReview(ctx: AppContext, user: UserRow, reviewId: string, input: z.output<typeof reviewReplyInput>): Promise<ReviewJson> {
  const [found] = await ctx.db
    .select({ r: reviews, buyer: party, title: orders.title })
    .from(reviews)
    .innerJoin(buyer, eq(buyer.id, reviews.buyerId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.id, reviewId));
  if (!found) throw new AppError('REVIEW_NOT_FOUND');
  if (found.r.sellerId !== user.id) throw new AppError('REVIEW_REPLY_NOT_ALLOWED');
  const [row] = await ctx.db
    .update(reviews)
    .set({ replyText: input.text, repliedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.replyText)))
    .returning();
  if (!row) throw new AppError('REVIEW_ALREADY_REPLIED');
  catalogueChanged(ctx, { services: [found.r.serviceId] }); // the service and profile pages show the reply
  return toReviewJson(row, found.buyer, found.title);
}
