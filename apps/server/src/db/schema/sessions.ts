import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Server-side sessions (docs/product.md §4.2, docs/decisions/0002). The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the settings page names a session by (ADR 0032): never the token's hash. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen with this session, to within `SESSION_TOUCH_MS` (modules/auth/session.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in, cut to 300 characters; null for sessions older than migration 0010. */
    userAgent: text('user_agent'),
    /** The client address last seen with it (request.ip). */
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_id_unique').on(t.id),
  ],
);

/**
 * What every single-use link shares (a reset, an e-mail change, an address confirmation, a sign-in link): the SHA-256 of
 * a random token (never the token), its account, when it lapses and when it was used. New builders per table.
 */
const singleUseLink = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time password reset tokens (docs/product.md §4.3), stored hashed like sessions. */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...singleUseLink(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A change of e-mail waiting for its link to be opened (ADR 0032): the new address, a random token stored
 * as its SHA-256, valid `EMAIL_CHANGE_MS`, single use. The address changes only when the link is opened.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    ...singleUseLink(),
    newEmail: text('new_email').notNull(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

/**
 * Links that confirm an e-mail address (ADR 0050): mailed at sign-up and on request, the SHA-256 of a random token,
 * single use. `email` is the address it was sent to: the link confirms that address only, never one changed since.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    ...singleUseLink(),
    email: text('email').notNull(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/**
 * One-time sign-in links (ADR 0050): mailed when the right password is given for an account past its cap of failed
 * sign-ins; the SHA-256 of a random token, single use, short-lived.
 */
export const loginLinks = pgTable(
  'login_links',
  {
    ...singleUseLink(),
  },
  (t) => [index('login_links_user_idx').on(t.userId)],
);
