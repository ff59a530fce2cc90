import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationParams } from '@cusp/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { notificationMails, notificationPreferences, notifications } from '../../db/schema/index.js';

/** A transaction (or the database itself, where the event is one statement): the notification commits with the event. */
export type { Tx };

/** What the notifying code needs of the context: the delays (tests shorten them). */
export interface NotifySettings {
  config: Pick<Config, 'notifications'>;
}

/** The channel each committed notification is announced on (pg_notify): every instance tells its own sockets. */
export const NOTIFY_CHANNEL = 'cusp_notifications';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  params: NotificationParams;
  link: string;
  /** The same key for the same user twice makes one notification (a job run again, an event repeated). */
  dedupeKey?: string;
  /** Chat: one e-mail per group (conversation) per batch window, listing what arrived. */
  groupKey?: string;
  now?: Date;
}

/**
 * The outbox (docs/decisions/0027): writes the notification and, unless the user turned that kind off, the e-mail
 * due for it, inside the caller's transaction, so both exist exactly when the event does. The app is told after
 * the commit through pg_notify (held back by PostgreSQL until then; dropped on rollback).
 */
export async function notify(ctx: NotifySettings, tx: Tx, n: NewNotification): Promise<void> {
  const now = n.now ?? new Date();
  const [row] = await tx
    .insert(notifications)
    .values({ userId: n.userId, kind: n.kind, params: n.params, link: n.link, dedupeKey: n.dedupeKey ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return;
  const [preference] = await tx
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, n.userId), eq(notificationPreferences.kind, n.kind)));
  if (preference?.email !== false) {
    const { emailDelayMs, chatBatchMs } = ctx.config.notifications;
    const due = new Date(now.getTime() + emailDelayMs);
    let mailId: string | undefined;
    if (n.groupKey) {
      // One open batch per conversation: later messages join it. A new batch is due no sooner than the batch
      // window after the last one went out (or is going out now).
      const result = await tx.execute<{ id: string }>(sql`
        insert into ${notificationMails} (user_id, kind, group_key, due_at)
        values (${n.userId}, ${n.kind}, ${n.groupKey}, greatest(${due.toISOString()}::timestamptz, coalesce((
          select max(coalesce(sent_at, ${now.toISOString()}::timestamptz)) from ${notificationMails}
          where user_id = ${n.userId} and group_key = ${n.groupKey} and status in ('sent', 'sending')
        ), '-infinity'::timestamptz) + ${`${chatBatchMs} milliseconds`}::interval))
        on conflict (user_id, group_key) where status = 'pending' and group_key is not null
        do update set kind = excluded.kind
        returning id`);
      mailId = (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
    } else {
      const [mail] = await tx.insert(notificationMails).values({ userId: n.userId, kind: n.kind, dueAt: due }).returning({ id: notificationMails.id });
      mailId = mail?.id;
    }
    if (mailId) await tx.update(notifications).set({ mailId }).where(eq(notifications.id, row.id));
  }
  await tx.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify({ userId: n.userId, id: row.id })})`);
}

/** Whether the user already has an unread notification of this kind (a designer verified twice is told once). */
export async function hasUnread(tx: Tx, userId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), isNull(notifications.readAt)))
    .limit(1);
  return !!row;
}
