import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONVERSATION_PREVIEW_LENGTH, type FileRole } from '@cusp/shared';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { conversations, courses, courseVideos, messages, orderEvents, orderFiles, orders, reviews, services, userColumns, users, type UserRow } from '../db/schema/index.js';

/**
 * The only places the demo data is written straight into tables rather than through the modules' services
 * (README "Layout"). Each says why no service fits; everything else the seed makes goes through the modules'
 * public entries, so it obeys the same rules as real data. Keep this list short: a new kind of demo data goes
 * through a service unless it is history that no service can backdate.
 */

/**
 * An account, with its password. Registration (`register` in auth) counts every sign-up against the address's
 * limit (20 an hour, ADR 0021), and the demo makes 22 accounts from no address at all; it also has no way to make an
 * administrator. Designers' profiles and the verified badge then go through their services (seed/demo-catalogue.ts).
 * Demo addresses (`@cusp.test`) receive no mail, so they are made confirmed (ADR 0050).
 */
export async function insertDemoUser(db: Db, account: Pick<UserRow, 'username' | 'email' | 'phone'>, passwordHash: string): Promise<UserRow> {
  const { username, email, phone } = account;
  const [row] = await db.insert(users).values({ username, email, phone, passwordHash, emailVerifiedAt: new Date() }).returning(userColumns);
  return row!;
}

/**
 * A demo service's past: when it was listed and its sales, rating count and star total. `createService` stamps
 * now and starts every figure at zero; the figures match the reviews `insertDemoHistoryOrder` writes.
 */
export async function setDemoServiceHistory(ctx: AppContext, serviceId: string, history: { createdAt: Date; starNumber: number; totalStars: number; sales: number }) {
  await ctx.db.update(services).set(history).where(eq(services.id, serviceId));
}

/** When a demo course was published (`createCourse` stamps now; the list shows the four in a set order). */
export async function setDemoCourseCreatedAt(ctx: AppContext, courseId: string, createdAt: Date) {
  await ctx.db.update(courses).set({ createdAt }).where(eq(courses.id, courseId));
}

/**
 * A lesson video already in storage. The courses' `storeCourseVideo` reads an HTTP multipart upload (it sniffs and
 * counts the stream as it arrives); the demo clips are committed files, checked once when they were made.
 */
export async function insertDemoCourseVideo(ctx: AppContext, video: { uploaderId: string; storageKey: string; size: number; originalName: string }) {
  const [row] = await ctx.db
    .insert(courseVideos)
    .values({ ...video, contentType: 'video/mp4' })
    .returning({ id: courseVideos.id });
  return row!.id;
}

/**
 * A case or design file already in storage, waiting for its order. `uploadOrderFile` reads an HTTP multipart upload
 * and guesses the file's role from its name; the demo files are made here (seed/demo-quadrant.ts) with known roles.
 * The scan checks run on them at the first start, as for any file not yet analysed.
 */
export async function insertDemoOrderFile(ctx: AppContext, file: { uploaderId: string; name: string; storageKey: string; size: number; role?: FileRole }) {
  const [row] = await ctx.db
    .insert(orderFiles)
    .values({ ...file, kind: 'stl' })
    .returning({ id: orderFiles.id });
  return row!.id;
}

/**
 * A conversation two days old with its messages. `sendMessage` stamps each message now, notifies the recipient
 * (a bell notice and, later, an e-mail for a message nobody sent) and counts against the sender's chat limit.
 */
export async function insertDemoConversation(
  ctx: AppContext,
  thread: { sellerId: string; buyerId: string; startedAt: Date; lines: Array<{ userId: string; text: string; at: Date }>; readByBuyer: boolean },
) {
  const last = thread.lines.at(-1)!;
  const [c] = await ctx.db
    .insert(conversations)
    .values({
      sellerId: thread.sellerId,
      buyerId: thread.buyerId,
      lastMessage: last.text.length > CONVERSATION_PREVIEW_LENGTH ? `${last.text.slice(0, CONVERSATION_PREVIEW_LENGTH)}…` : last.text,
      readBySeller: true,
      readByBuyer: thread.readByBuyer,
      createdAt: thread.startedAt,
      updatedAt: last.at,
    })
    .returning({ id: conversations.id });
  for (const line of thread.lines) {
    await ctx.db.insert(messages).values({ conversationId: c!.id, userId: line.userId, description: line.text, clientId: `seed-${randomUUID()}`, createdAt: line.at });
  }
}

/**
 * A completed, reviewed order from weeks ago, before the platform took payments: the demo catalogue's ratings as
 * real reviews. The order services stamp now, need a payment for each order, and tell both parties at every step.
 */
export async function insertDemoHistoryOrder(
  ctx: AppContext,
  order: typeof orders.$inferInsert & { created: Date; delivered: Date; completed: Date },
  review: { star: number; desc: string },
) {
  const { created, delivered, completed, ...values } = order;
  const [row] = await ctx.db
    .insert(orders)
    .values({ ...values, status: 'completed', paidAt: created, deliveredAt: delivered, completedAt: completed, createdAt: created, updatedAt: completed })
    .returning({ id: orders.id });
  const events = [
    ['created', order.buyerId, created],
    ['paid', order.buyerId, created],
    ['delivered', order.sellerId, delivered],
    ['completed', order.buyerId, completed],
    ['reviewed', order.buyerId, completed],
  ] as const;
  await ctx.db.insert(orderEvents).values(events.map(([type, actorId, at]) => ({ orderId: row!.id, actorId, type, createdAt: at })));
  await ctx.db.insert(reviews).values({ orderId: row!.id, serviceId: order.serviceId, buyerId: order.buyerId, sellerId: order.sellerId, ...review, createdAt: completed });
}
