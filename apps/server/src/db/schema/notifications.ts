import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What a member is told about (docs/decisions/0027): one row per event and recipient, written in the
 * same transaction as the event (the outbox). The text is not stored: `kind` and `params` are, and each reader's
 * app renders them in its own language. `dedupeKey` makes a repeated event (a job run twice) one notification.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** The in-app path of the thing it is about (`/orders/<id>`, `/message/<id>`...). */
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key'),
    /**
     * Chat (`conversation:<id>`): the one unread notification of that conversation for its recipient, updated by each
     * later message (`params.count`, `params.preview`, `createdAt`) until it is read (ADR 0027). Null otherwise.
     */
    groupKey: text('group_key'),
    /** The e-mail that tells (or told) it; null when no e-mail is due (turned off). */
    mailId: uuid('mail_id').references((): AnyPgColumn => notificationMails.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, paged by (created_at, id).
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    // The unread count.
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_dedupe_unique').on(t.userId, t.dedupeKey).where(sql`dedupe_key is not null`),
    // One unread notification per conversation and recipient: later messages update it.
    uniqueIndex('notifications_open_group_unique').on(t.userId, t.groupKey).where(sql`read_at is null and group_key is not null`),
    index('notifications_mail_idx').on(t.mailId),
  ],
);

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The e-mail outbox (docs/decisions/0027): one row per e-mail to send, telling one notification, or, for chat,
 * every message of one conversation that arrived before it went out (`groupKey`). A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` (status `sending` with a lease until `lockedUntil`); a row whose lease ran out (its
 * worker died) is claimed again and sent with the same Message-ID, `<notification-{id}@host>`.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    groupKey: text('group_key'),
    /** Chat: the preview of each message the e-mail lists, oldest first (one notification stands for them all). */
    items: jsonb('items').$type<string[]>().notNull().default([]),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_mails_due_idx').on(t.dueAt).where(sql`status in ('pending', 'sending')`),
    // One open chat batch per conversation and recipient: later messages join it.
    uniqueIndex('notification_mails_open_group_unique').on(t.userId, t.groupKey).where(sql`status = 'pending' and group_key is not null`),
    index('notification_mails_group_idx').on(t.userId, t.groupKey, t.sentAt),
  ],
);

/** Which kinds a member does not want by e-mail (a row with `email = false`); no row: e-mail on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Secrets the instances share, made by the database itself on first migration (the unsubscribe links' HMAC key when
 * UNSUBSCRIBE_SECRET is not set): every instance signs and checks with the same key, and none is ever committed.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationMailRow = typeof notificationMails.$inferSelect;
