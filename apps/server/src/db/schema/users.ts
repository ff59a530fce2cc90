import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // E-mails are stored lower-cased; usernames are unique whatever their case.
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_designer_idx').on(t.isDesigner),
  ],
);

export type UserRow = typeof users.$inferSelect;
