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
  /** The same key for the same user twice makes one notification (a job run again, an event repeated). Not for groups. */
  dedupeKey?: string;
  /**
   * Chat (`conversation:<id>`): one unread notification per group and recipient, updated by each later one (its
   * `count`, its params such as the last `preview`, its time) until it is read; then the next starts a new one. One
   * e-mail per group per batch window, listing each `preview` that arrived.
   */
  groupKey?: string;
  now?: Date;
}

/** A notification as written: `id` of its row, `inserted` false when an unread one of its group was updated. */
interface Written {
  n: NewNotification;
  id: string;
  now: Date;
  inserted: boolean;
  /** Grouped: the previews of the messages this write adds, oldest first. */
  items: string[];
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
 * notifications were new (not deduplicated, not an update of their group's unread one) is read back from the write.
 */
export async function notifyMany(ctx: NotifySettings, tx: Tx, list: NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  const written = [...(await insertSingle(tx, list.filter((n) => !n.groupKey))), ...(await upsertGrouped(tx, list.filter((n) => n.groupKey)))];
  if (written.length === 0) return;

  // Kinds the recipients turned off for e-mail (a row with email = false; no row: on).
  const off = new Set(
    rowsOf<{ user_id: string; kind: string }>(
      await tx.execute(sql`
        select p.user_id, p.kind from ${notificationPreferences} p
        join jsonb_to_recordset(${json(written.map(({ n }) => ({ user_id: n.userId, kind: n.kind })))}::jsonb) as x(user_id uuid, kind text)
          on p.user_id = x.user_id and p.kind = x.kind
        where p.email = false`),
    ).map((r) => `${r.user_id} ${r.kind}`),
  );
  const mailed = written.filter(({ n }) => !off.has(`${n.userId} ${n.kind}`));
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

  // Chat: one open batch per conversation and recipient; later messages join it, their previews appended to its
  // items. A new batch is due no sooner than the batch window after the last one went out (or is going out now).
  // `upsertGrouped` made one row per (user, group), in key order, so that concurrent writers lock in the same order.
  const groups = mailed.filter(({ n }) => n.groupKey);
  if (groups.length > 0) {
    // A group's notification that starts afresh follows a read one: what the open batch listed was read in the app,
    // so the e-mail lists only what came since.
    const restarted = groups.filter((g) => g.inserted);
    if (restarted.length > 0) {
      await tx.execute(sql`
        update ${notificationMails} m set items = '[]'::jsonb
        from jsonb_to_recordset(${json(restarted.map(({ n }) => ({ user_id: n.userId, group_key: n.groupKey })))}::jsonb) as x(user_id uuid, group_key text)
        where m.user_id = x.user_id and m.group_key = x.group_key and m.status = 'pending'`);
    }
    const mails = rowsOf<{ id: string; user_id: string; group_key: string }>(
      await tx.execute(sql`
        insert into ${notificationMails} (user_id, kind, group_key, items, due_at)
        select x.user_id, x.kind, x.group_key, x.items, greatest(x.due_at, coalesce((
          select max(coalesce(m.sent_at, x.now)) from ${notificationMails} m
          where m.user_id = x.user_id and m.group_key = x.group_key and m.status in ('sent', 'sending')
        ), '-infinity'::timestamptz) + ${`${chatBatchMs} milliseconds`}::interval)
        from jsonb_to_recordset(${json(groups.map((g, i) => ({ i, user_id: g.n.userId, kind: g.n.kind, group_key: g.n.groupKey, items: g.items, now: g.now.toISOString(), due_at: dueAt(g.now) })))}::jsonb)
          as x(i int, user_id uuid, kind text, group_key text, items jsonb, now timestamptz, due_at timestamptz)
        order by x.i
        on conflict (user_id, group_key) where status = 'pending' and group_key is not null
        do update set kind = excluded.kind, items = ${notificationMails}.items || excluded.items
        returning id, user_id, group_key`),
    );
    const byGroup = new Map(groups.map((g) => [`${g.n.userId} ${g.n.groupKey}`, g.id]));
    for (const mail of mails) {
      const id = byGroup.get(`${mail.user_id} ${mail.group_key}`);
      if (id) mailOf.set(id, mail.id);
    }
  }
  if (mailOf.size > 0) {
    await tx.execute(sql`
      update ${notifications} set mail_id = x.mail_id
      from jsonb_to_recordset(${json([...mailOf].map(([id, mailId]) => ({ id, mail_id: mailId })))}::jsonb) as x(id uuid, mail_id uuid)
      where ${notifications.id} = x.id`);
  }
  // Every new or updated notification is pushed: the bell shows the updated one in its place, with its count.
  await tx.execute(sql`
    select pg_notify(${NOTIFY_CHANNEL}, p) from jsonb_array_elements_text(${json(written.map(({ n, id }) => JSON.stringify({ userId: n.userId, id })))}::jsonb) as p`);
}

/** Notifications of their own (no group): inserted, unless their dedupe key was already told to that user. */
async function insertSingle(tx: Tx, list: NewNotification[]): Promise<Written[]> {
  if (list.length === 0) return [];
  const candidates = list.map((n, i) => ({ n, id: randomUUID(), now: n.now ?? new Date(), i, inserted: true, items: [] as string[] }));
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
  return candidates.filter((c) => insertedIds.has(c.id));
}

/**
 * Grouped notifications (chat): one row per (user, group) in the statement (an upsert may not touch a row twice),
 * the last one's params with `count` how many it stands for, in key order (the same lock order for every writer).
 * The group's unread notification, if there is one, takes them: its count grows, its params and time become the
 * newest. Otherwise (none yet, or the last one was read) a new one is inserted.
 */
async function upsertGrouped(tx: Tx, list: NewNotification[]): Promise<Written[]> {
  if (list.length === 0) return [];
  const byGroup = new Map<string, { n: NewNotification; now: Date; count: number; items: string[] }>();
  for (const n of list) {
    const key = `${n.userId} ${n.groupKey}`;
    const group = byGroup.get(key) ?? { n, now: n.now ?? new Date(), count: 0, items: [] };
    group.n = n;
    group.now = n.now ?? new Date();
    group.count += 1;
    if (n.params.preview !== undefined) group.items.push(String(n.params.preview));
    byGroup.set(key, group);
  }
  const ordered = [...byGroup.values()]
    .sort((a, b) => (a.n.userId === b.n.userId ? cmp(a.n.groupKey!, b.n.groupKey!) : cmp(a.n.userId, b.n.userId)))
    .map((g) => ({ ...g, id: randomUUID() }));
  const rows = rowsOf<{ id: string; user_id: string; group_key: string }>(
    await tx.execute(sql`
      insert into ${notifications} (id, user_id, kind, params, link, group_key, created_at)
      select x.id, x.user_id, x.kind, x.params, x.link, x.group_key, x.created_at
      from jsonb_to_recordset(${json(ordered.map((g, i) => ({ i, id: g.id, user_id: g.n.userId, kind: g.n.kind, params: { ...g.n.params, count: g.count }, link: g.n.link, group_key: g.n.groupKey, created_at: g.now.toISOString() })))}::jsonb)
        as x(i int, id uuid, user_id uuid, kind text, params jsonb, link text, group_key text, created_at timestamptz)
      order by x.i
      on conflict (user_id, group_key) where read_at is null and group_key is not null
      do update set kind = excluded.kind, link = excluded.link, created_at = greatest(${notifications}.created_at, excluded.created_at),
        params = excluded.params || jsonb_build_object('count', coalesce((${notifications}.params->>'count')::int, 1) + (excluded.params->>'count')::int)
      returning id, user_id, group_key`),
  );
  const rowOf = new Map(rows.map((r) => [`${r.user_id} ${r.group_key}`, r.id]));
  return ordered.flatMap((g) => {
    const id = rowOf.get(`${g.n.userId} ${g.n.groupKey}`);
    // Our id came back: the row is new; another id: the group's unread one was updated.
    return id ? [{ n: g.n, id, now: g.now, inserted: id === g.id, items: g.items }] : [];
  });
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
