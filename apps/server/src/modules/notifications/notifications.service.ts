import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  isNotificationKind,
  type markNotificationsReadInput,
  type NotificationJson,
  type NotificationKind,
  type NotificationPreferencesJson,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { notificationPreferences, notifications, type NotificationRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createBatcher } from '../../platform/batcher.js';
import { NOTIFY_CHANNEL } from './notify.js';

export const NOTIFICATION_NOT_FOUND = 'Unknown notification.';

export function toNotificationJson(row: NotificationRow): NotificationJson {
  return {
    _id: row.id,
    kind: (isNotificationKind(row.kind) ? row.kind : 'order_paid') as NotificationKind,
    params: row.params,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's notifications, newest first; `before` (one of their own) pages back. Another user's id is a 404. */
export async function listNotifications(ctx: AppContext, userId: string, query: { limit: number; before?: string }) {
  const conditions = [eq(notifications.userId, userId)];
  if (query.before) {
    const [anchor] = await ctx.db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, query.before), eq(notifications.userId, userId)));
    if (!anchor) throw new AppError('NOTIFICATION_NOT_FOUND');
    conditions.push(or(lt(notifications.createdAt, anchor.createdAt), and(eq(notifications.createdAt, anchor.createdAt), lt(notifications.id, anchor.id)))!);
  }
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  return { items: rows.slice(0, query.limit).map(toNotificationJson), hasMore: rows.length > query.limit };
}

export async function unreadCount(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks some of the caller's notifications read (ids of anyone else's match nothing and are ignored), or all of
 * them; the caller's other tabs get the new count. An e-mail not yet sent for them is then not sent.
 */
export async function markRead(ctx: AppContext, userId: string, input: z.output<typeof markNotificationsReadInput>) {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where('all' in input ? mine : and(mine, inArray(notifications.id, [...new Set(input.ids)])))
    .returning({ id: notifications.id });
  const count = await unreadCount(ctx, userId);
  if (updated.length > 0) ctx.realtime.toUsers([userId], 'notification:count', { count });
  return { updated: updated.length, count };
}

export async function preferences(ctx: AppContext, userId: string): Promise<NotificationPreferencesJson> {
  const rows = await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const off = new Set(rows.filter((r) => !r.email).map((r) => r.kind));
  return { email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<NotificationKind, boolean> };
}

export async function setEmailPreference(ctx: AppContext, userId: string, kind: NotificationKind, email: boolean) {
  await ctx.db
    .insert(notificationPreferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email, updatedAt: new Date() } });
}

export async function updatePreferences(ctx: AppContext, userId: string, email: Partial<Record<NotificationKind, boolean>>) {
  for (const [kind, on] of Object.entries(email) as Array<[NotificationKind, boolean]>) await setEmailPreference(ctx, userId, kind, on);
  return preferences(ctx, userId);
}

/**
 * Every instance hears each committed notification (pg_notify, see notify.ts) and tells its own sockets of that
 * user, with the unread count: with Redis, an emit to the whole room from each instance would arrive N times.
 * What arrives while a batch is being read is read together (two queries a batch, not two a notification: a busy
 * chat notifies hundreds of times a second, docs/decisions/0046; apps/server/src/platform/batcher.ts).
 */
export async function startNotificationRelay(ctx: AppContext, log: { warn(obj: object, msg: string): void }): Promise<() => Promise<void>> {
  const readBatch = async (batch: Array<{ userId: string; id: string }>) => {
    const rows = await ctx.db.select().from(notifications).where(inArray(notifications.id, batch.map((n) => n.id)));
    const users = [...new Set(rows.map((r) => r.userId))];
    const counts = new Map(
      users.length === 0
        ? []
        : (
            await ctx.db
              .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
              .from(notifications)
              .where(and(inArray(notifications.userId, users), isNull(notifications.readAt)))
              .groupBy(notifications.userId)
          ).map((r) => [r.userId, Number(r.n)]),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { userId, id } of batch) {
      const row = byId.get(id);
      if (row) ctx.realtime.toLocalUsers([userId], 'notification:new', { notification: toNotificationJson(row), unread: counts.get(userId) ?? 0 });
    }
  };
  // A batch that fails is logged, not retried: the notification stays in the list and the unread count.
  const relay = createBatcher<{ userId: string; id: string }, void>({
    run: async (batch) => {
      await readBatch(batch).catch((error: unknown) => log.warn({ err: error }, 'notification relay failed'));
      return batch.map(() => undefined);
    },
  });
  return ctx.database.listen(NOTIFY_CHANNEL, (payload) => {
    let parsed: { userId?: unknown; id?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    const { userId, id } = parsed;
    if (typeof userId !== 'string' || typeof id !== 'string' || !ctx.realtime.hasLocalSockets(userId)) return;
    void relay.add({ userId, id });
  });
}
