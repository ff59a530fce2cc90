import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationParams } from '@cusp/shared';
import type { Config } from '../../config.js';
import { rowsOf, type Tx } from '../../db/client.js';
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
  await notifyMany(ctx, tx, [n]);
}

/**
 * `notify` for several notifications in a fixed number of statements, whatever their number (the chat writes its
 * messages in batches: docs/decisions/0046). Rows are passed as one JSON parameter; ids are made here, so which
 * notifications were new (not deduplicated) is read back from the insert.
 */
export async function notifyMany(ctx: NotifySettings, tx: Tx, list: NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  const candidates = list.map((n, i) => ({ n, id: randomUUID(), now: n.now ?? new Date(), i }));
  const insertedIds = new Set(
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into ${notifications} (id, user_id, kind, params, link, dedupe_key, created_at)
        select x.id, x.user_id, x.kind, x.params, x.link, x.dedupe_key, x.created_at
        from jsonb_to_recordset(${json(candidates.map(({ n, id, now, i }) => ({ i, id, user_id: n.userId, kind: n.kind, params: n.params, link: n.link, dedupe_key: n.dedupeKey ?? null, created_at: now.toISOString() })))}::jsonb)
          as x(i int, id uuid, user_id uuid, kind text, params jsonb, link text, dedupe_key text, created_at timestamptz)
        order by x.i
        on conflict do nothing
        returning id`),
    ).map((r) => r.id),
  );
  const fresh = candidates.filter((c) => insertedIds.has(c.id));
  if (fresh.length === 0) return;

  // Kinds the recipients turned off for e-mail (a row with email = false; no row: on).
  const off = new Set(
    rowsOf<{ user_id: string; kind: string }>(
      await tx.execute(sql`
        select p.user_id, p.kind from ${notificationPreferences} p
        join jsonb_to_recordset(${json(fresh.map(({ n }) => ({ user_id: n.userId, kind: n.kind })))}::jsonb) as x(user_id uuid, kind text)
          on p.user_id = x.user_id and p.kind = x.kind
        where p.email = false`),
    ).map((r) => `${r.user_id} ${r.kind}`),
  );
  const mailed = fresh.filter(({ n }) => !off.has(`${n.userId} ${n.kind}`));
  const { emailDelayMs, chatBatchMs } = ctx.config.notifications;
  const dueAt = (now: Date) => new Date(now.getTime() + emailDelayMs).toISOString();
  const mailOf = new Map<string, string>(); // notification id -> mail id

  // One e-mail per notification, unless grouped.
  const single = mailed.filter(({ n }) => !n.groupKey).map((c) => ({ ...c, mailId: randomUUID() }));
  if (single.length > 0) {
    await tx.execute(sql`
      insert into ${notificationMails} (id, user_id, kind, due_at)
      select x.id, x.user_id, x.kind, x.due_at
      from jsonb_to_recordset(${json(single.map(({ n, now, mailId }) => ({ id: mailId, user_id: n.userId, kind: n.kind, due_at: dueAt(now) })))}::jsonb)
        as x(id uuid, user_id uuid, kind text, due_at timestamptz)`);
    for (const c of single) mailOf.set(c.id, c.mailId);
  }

  // Chat: one open batch per conversation and recipient; later messages join it. A new batch is due no sooner than
  // the batch window after the last one went out (or is going out now). One row per (user, group) in the statement
  // (an upsert may not touch a row twice), in key order so that concurrent writers lock in the same order.
  const groups = new Map<string, { userId: string; groupKey: string; kind: string; now: Date; ids: string[] }>();
  for (const { n, id, now } of mailed) {
    if (!n.groupKey) continue;
    const key = `${n.userId} ${n.groupKey}`;
    const group = groups.get(key) ?? { userId: n.userId, groupKey: n.groupKey, kind: n.kind, now, ids: [] };
    group.kind = n.kind;
    group.now = now;
    group.ids.push(id);
    groups.set(key, group);
  }
  if (groups.size > 0) {
    const ordered = [...groups.values()].sort((a, b) => (a.userId === b.userId ? cmp(a.groupKey, b.groupKey) : cmp(a.userId, b.userId)));
    const mails = rowsOf<{ id: string; user_id: string; group_key: string }>(
      await tx.execute(sql`
        insert into ${notificationMails} (user_id, kind, group_key, due_at)
        select x.user_id, x.kind, x.group_key, greatest(x.due_at, coalesce((
          select max(coalesce(m.sent_at, x.now)) from ${notificationMails} m
          where m.user_id = x.user_id and m.group_key = x.group_key and m.status in ('sent', 'sending')
        ), '-infinity'::timestamptz) + ${`${chatBatchMs} milliseconds`}::interval)
        from jsonb_to_recordset(${json(ordered.map((g, i) => ({ i, user_id: g.userId, kind: g.kind, group_key: g.groupKey, now: g.now.toISOString(), due_at: dueAt(g.now) })))}::jsonb)
          as x(i int, user_id uuid, kind text, group_key text, now timestamptz, due_at timestamptz)
        order by x.i
        on conflict (user_id, group_key) where status = 'pending' and group_key is not null
        do update set kind = excluded.kind
        returning id, user_id, group_key`),
    );
    for (const mail of mails) for (const id of groups.get(`${mail.user_id} ${mail.group_key}`)?.ids ?? []) mailOf.set(id, mail.id);
  }
  if (mailOf.size > 0) {
    await tx.execute(sql`
      update ${notifications} set mail_id = x.mail_id
      from jsonb_to_recordset(${json([...mailOf].map(([id, mailId]) => ({ id, mail_id: mailId })))}::jsonb) as x(id uuid, mail_id uuid)
      where ${notifications.id} = x.id`);
  }
  await tx.execute(sql`
    select pg_notify(${NOTIFY_CHANNEL}, p) from jsonb_array_elements_text(${json(fresh.map(({ n, id }) => JSON.stringify({ userId: n.userId, id })))}::jsonb) as p`);
}

const json = (value: unknown) => JSON.stringify(value);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether the user already has an unread notification of this kind (a designer verified twice is told once). */
export async function hasUnread(tx: Tx, userId: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), isNull(notifications.readAt)))
    .limit(1);
  return !!row;
}
