import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './types.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    image: text('image'),
    isDesigner: boolean('is_designer').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    specializations: text('specializations').array().notNull().default(sql`'{}'::text[]`),
    experience: text('experience'),
    description: text('description'),
    website: text('website'),
    wallpaper: text('wallpaper'),
    cadSoftware: text('cad_software').array().notNull().default(sql`'{}'::text[]`),
    /** The language of the e-mails the user receives (ADR 0032); set on the settings page. */
    emailLanguage: text('email_language', { enum: ['en', 'ar'] }).notNull().default('en'),
    /**
     * Set when the owner deleted the account (ADR 0032): the row stays for the orders, reviews and messages
     * others need, with its personal data replaced by a tombstone (`DELETED_USERNAME_PREFIX`).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the owner confirmed the address by a mailed link (ADR 0050); null while unconfirmed. Selling, payout
     * details and paying wait for it. Accounts older than migration 0022 were marked then.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Browse search over name, bio and specializations: English stems and the words as typed (ADR 0031). */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(username, '') || ' ' || coalesce(description, '') || ' ' || immutable_array_to_string(specializations)) || to_tsvector('simple', coalesce(username, '') || ' ' || coalesce(description, '') || ' ' || immutable_array_to_string(specializations))`,
    ),
  },
  (t) => [
    // E-mails are stored lower-cased; usernames are unique whatever their case.
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    // Designer lists (browse: verified first, then newest; admin: by status), scanned backwards. It
    // also holds the id and the specializations (drizzle-kit has no INCLUDE) so that counting,
    // filtering by specialization and cutting a page deep in the list are index-only scans.
    index('users_designers_idx').on(t.isVerified, t.createdAt, t.id, t.specializations).where(sql`is_designer`),
    index('users_search_idx').using('gin', t.search),
    index('users_specializations_idx').using('gin', t.specializations),
    check('users_email_language_known', sql`${t.emailLanguage} in ('en', 'ar')`),
  ],
);

export type UserRow = Omit<typeof users.$inferSelect, 'search'>;

/** Every column but the search vector. */
const { search: _userSearch, ...userColumnsWithoutSearch } = getTableColumns(users);
export const userColumns = userColumnsWithoutSearch;
