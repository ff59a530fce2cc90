import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Shared case files (docs/product.md §8.1): blob in storage, link by an unguessable token, gone after expiry. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Random, at least 256 bits, base64url; the link is `/api/files/<token>`. */
    token: text('token').notNull().unique(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['stl', 'ply', 'obj', 'zip', 'jpeg', 'png'] }).notNull(),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_user_idx').on(t.userId, t.createdAt), index('files_expiry_idx').on(t.expiryDate)],
);

export type FileRow = typeof files.$inferSelect;
