import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { isNotificationKind } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { notificationMails, notificationPreferences, notifications, users, type NotificationMailRow } from '../../db/schema/index.js';
import { notificationMail } from './mail-templates.js';
import { unsubscribeQuery } from './unsubscribe.js';

/** A claimed e-mail belongs to its worker this long; past it (the worker died), another claims and sends it again. */
export const LEASE_MS = 5 * 60_000;
/** Retries: 1 min, 2, 4 ... at most an hour apart; after this many attempts (about 15 hours) it is given up. */
export const MAX_ATTEMPTS = 20;
const BACKOFF_MS = 60_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const BATCH = 20;

export const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

/** The stable Message-ID of an outbox row: a retry of the same mail carries the same one (receivers drop repeats). */
export const messageIdOf = (ctx: AppContext, mailId: string) => `<notification-${mailId}@${new URL(ctx.config.publicUrl).hostname}>`;

export interface WorkerHooks {
  /** Runs after the SMTP server took the mail and before the row is marked sent (tests: a crash right there). */
  afterSend?(mail: NotificationMailRow): Promise<void> | void;
}


/**
 * Claims due e-mail (`FOR UPDATE SKIP LOCKED`: several instances take disjoint rows) with a lease, and sends each
 * once its notifications are still unread. A failed send is retried with exponential backoff; a worker killed
 * after the send and before the mark leaves the row `sending` until its lease ends, then it is sent again with
 * the same Message-ID (SMTP has no exactly-once: docs/decisions/0027). Returns how many were sent.
 */
export async function sendDueMails(ctx: AppContext, options: { now?: Date; hooks?: WorkerHooks } = {}): Promise<number> {
  const now = options.now ?? new Date();
  let sent = 0;
  for (;;) {
    const claimed = rowsOf<Record<string, unknown>>(
      await ctx.db.execute(sql`
        update ${notificationMails} set status = 'sending', locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, attempts = attempts + 1
        where id in (
          select id from ${notificationMails}
          where (status = 'pending' and due_at <= ${now.toISOString()}::timestamptz)
             or (status = 'sending' and locked_until <= ${now.toISOString()}::timestamptz)
          order by due_at
          limit ${BATCH}
          for update skip locked
        )
        returning id, user_id, kind, group_key, items, attempts`),
    ).map((r) => ({
      id: r.id as string,
      userId: r.user_id as string,
      kind: r.kind as string,
      groupKey: r.group_key as string | null,
      items: (typeof r.items === 'string' ? JSON.parse(r.items) : (r.items ?? [])) as string[],
      attempts: Number(r.attempts),
    }));
    if (claimed.length === 0) return sent;
    for (const mail of claimed) {
      if (await sendOne(ctx, mail, now, options.hooks)) sent += 1;
    }
    if (claimed.length < BATCH) return sent;
  }
}

type Claimed = { id: string; userId: string; kind: string; groupKey: string | null; items: string[]; attempts: number };

/** Changes a claimed row only while this worker still holds it (same attempt): a late worker cannot undo another's. */
const mine = (mail: Claimed) => and(eq(notificationMails.id, mail.id), eq(notificationMails.status, 'sending'), eq(notificationMails.attempts, mail.attempts));

async function sendOne(ctx: AppContext, mail: Claimed, now: Date, hooks?: WorkerHooks): Promise<boolean> {
  const [user] = await ctx.db
    .select({ email: users.email, username: users.username, lang: users.emailLanguage, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, mail.userId));
  const [preference] = await ctx.db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, mail.userId), eq(notificationPreferences.kind, mail.kind)));
  // Only what is still unread is mailed: read in the app within the delay, nothing is sent. A chat batch is told by
  // its conversation's unread notification, even when a message that came while this mail was being sent has
  // already moved that notification on to the next batch.
  const told = mail.groupKey
    ? or(eq(notifications.mailId, mail.id), and(eq(notifications.userId, mail.userId), eq(notifications.groupKey, mail.groupKey)))
    : eq(notifications.mailId, mail.id);
  const unread = await ctx.db
    .select({ params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(and(told, isNull(notifications.readAt)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  if (!user || user.deletedAt || preference?.email === false || unread.length === 0 || !isNotificationKind(mail.kind)) {
    await ctx.db.update(notificationMails).set({ status: 'skipped', lockedUntil: null }).where(mine(mail));
    return false;
  }
  const first = unread[0]!;
  const base = ctx.config.publicUrl;
  const query = await unsubscribeQuery(ctx, mail.userId, mail.kind);
  const content = notificationMail({
    kind: mail.kind,
    lang: user.lang === 'ar' ? 'ar' : 'en',
    username: user.username,
    params: first.params,
    // A batch lists its messages' previews; one opened before migration 0024 has none and lists its notifications'.
    items: mail.groupKey ? (mail.items.length > 0 ? mail.items : unread.map((n) => String(n.params.preview ?? ''))) : [],
    link: `${base}${first.link}`,
    unsubscribeUrl: `${base}/api/notifications/unsubscribe?${query}`,
    settingsUrl: `${base}/settings#notifications`,
  });
  try {
    await ctx.mailer.send({
      to: user.email,
      ...content,
      messageId: messageIdOf(ctx, mail.id),
      headers: {
        'List-Unsubscribe': `<${base}/api/notifications/unsubscribe?${query}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } catch (error) {
    const failed = mail.attempts >= MAX_ATTEMPTS;
    await ctx.db
      .update(notificationMails)
      .set({
        status: failed ? 'failed' : 'pending',
        dueAt: new Date(now.getTime() + backoffMs(mail.attempts)),
        lockedUntil: null,
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
      })
      .where(mine(mail));
    return false;
  }
  await hooks?.afterSend?.({ ...(await loadMail(ctx, mail.id)) });
  await ctx.db.update(notificationMails).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).where(mine(mail));
  return true;
}

async function loadMail(ctx: AppContext, id: string): Promise<NotificationMailRow> {
  const [row] = await ctx.db.select().from(notificationMails).where(eq(notificationMails.id, id));
  return row!;
}
