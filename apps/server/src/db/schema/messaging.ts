import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Attachment, ChatOrderEvent } from '@cusp/shared';
import { users } from './users.js';

/** One conversation per (seller, buyer) pair (docs/product.md §9.1). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessage: text('last_message'),
    /** The newest message's order event when it is one (docs/decisions/0059): readers say the preview from it. */
    lastEvent: jsonb('last_event').$type<ChatOrderEvent>(),
    readBySeller: boolean('read_by_seller').notNull().default(true),
    readByBuyer: boolean('read_by_buyer').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.sellerId, t.buyerId),
    index('conversations_seller_idx').on(t.sellerId, t.updatedAt),
    index('conversations_buyer_idx').on(t.buyerId, t.updatedAt),
    check('conversations_two_people', sql`${t.sellerId} <> ${t.buyerId}`),
  ],
);

/** Messages, stored before they are broadcast (docs/product.md §9.2); `seq` orders them and serves catch-up. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    clientId: text('client_id').notNull(),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** Set on system messages that report an order event: its kind and parameters; the text is the English summary. */
    event: jsonb('event').$type<ChatOrderEvent>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retried send (same client id from the same sender) is the same message.
    uniqueIndex('messages_client_unique').on(t.userId, t.clientId),
    index('messages_conversation_idx').on(t.conversationId, t.seq),
  ],
);

/**
 * A file attached in a conversation (docs/decisions/0020): private to the conversation's two parties,
 * stored under `chat/` and served only through `/api/conversations/<id>/attachments/<attachmentId>`.
 * `claimedAt` is set once a message carries it; unclaimed uploads are swept after a day.
 * `legacyKey` names the public `/media` object it was moved from (migration 0006) until the object
 * itself has been moved.
 */
export const conversationAttachments = pgTable(
  'conversation_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    type: text('type', { enum: ['image', 'video', 'raw'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    legacyKey: text('legacy_key'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_attachments_conversation_idx').on(t.conversationId),
    index('conversation_attachments_unclaimed_idx').on(t.createdAt).where(sql`claimed_at is null`),
    index('conversation_attachments_legacy_idx').on(t.legacyKey).where(sql`legacy_key is not null`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationAttachmentRow = typeof conversationAttachments.$inferSelect;
