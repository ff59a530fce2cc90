import { z } from 'zod';

/** What the messaging routes answer (docs/product.md §9), as response schemas (docs/decisions/0039). */

export const userRefSchema = z.object({ _id: z.string(), username: z.string(), image: z.string().nullable() });
export type UserRef = z.infer<typeof userRefSchema>;

export const conversationJsonSchema = z.object({
  _id: z.string(),
  conversationID: z.string(),
  sellerID: userRefSchema,
  buyerID: userRefSchema,
  lastMessage: z.string().nullable(),
  readBySeller: z.boolean(),
  readByBuyer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationJson = z.infer<typeof conversationJsonSchema>;
export const conversationListJsonSchema = z.array(conversationJsonSchema);

/**
 * A file on a message, as answered (`POST /api/conversations/{id}/attachments` 201, and on each message): the
 * server's name, type and size (`attachmentSchema` checks what a client sends).
 */
export const attachmentJsonSchema = z.object({
  url: z.string(),
  name: z.string(),
  type: z.enum(['image', 'video', 'raw']),
  size: z.number().optional(),
});

export const messageJsonSchema = z.object({
  _id: z.string(),
  conversationID: z.string(),
  userID: z.object({ _id: z.string(), username: z.string() }),
  description: z.string(),
  clientId: z.string(),
  attachments: z.array(attachmentJsonSchema),
  role: z.enum(['designer', 'user']),
  /** Set on the system messages that report an order's events (docs/product.md §5.8); the text is the server's summary. */
  event: z.object({ orderId: z.string(), type: z.string() }).nullable(),
  createdAt: z.string(),
});
export type MessageJson = z.infer<typeof messageJsonSchema>;
/** `GET /api/messages/{id}`: a page of a conversation, oldest first. */
export const messageListJsonSchema = z.array(messageJsonSchema);

/** `GET /api/conversations/unread-count`. */
export const conversationUnreadJsonSchema = z.object({ count: z.number() });
export type ConversationUnreadJson = z.infer<typeof conversationUnreadJsonSchema>;
/** `GET /api/conversations/single/{sellerId}/{buyerId}`. */
export const conversationIdJsonSchema = z.object({ conversationID: z.string() });
