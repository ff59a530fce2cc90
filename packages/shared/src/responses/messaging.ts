import { z } from 'zod';

/** What the messaging routes answer (docs/product.md §9), as response schemas (docs/decisions/0039). */

export const userRefSchema = z.object({ _id: z.string(), username: z.string(), image: z.string().nullable() });
export type UserRef = z.infer<typeof userRefSchema>;

/**
 * What an order event's notice names (docs/decisions/0059): the order's title, and for some events a count, an amount
 * (major units, in `currency`) or days. The reader's app says the notice in its language from these; no text is stored.
 */
export const orderEventParamsSchema = z.object({
  title: z.string(),
  quantity: z.number().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  days: z.number().optional(),
});
export type OrderEventParams = z.infer<typeof orderEventParamsSchema>;

/** A system message's order event (docs/product.md §5.8): its kind and the parameters its notice is said with. */
export const messageEventSchema = z.object({ orderId: z.string(), type: z.string(), params: orderEventParamsSchema });
export type ChatOrderEvent = z.infer<typeof messageEventSchema>;

export const conversationJsonSchema = z.object({
  _id: z.string(),
  conversationID: z.string(),
  sellerID: userRefSchema,
  buyerID: userRefSchema,
  /** The newest message's text (a member's own words); for an order's event, the English summary: see `lastEvent`. */
  lastMessage: z.string().nullable(),
  /** Set when the newest message is an order's event: the preview is its notice, said in the reader's language. */
  lastEvent: messageEventSchema.nullable(),
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
  /**
   * Set on the system messages that report an order's events (docs/product.md §5.8). Readers show the notice from it
   * in their language; `description` then holds the English summary, for clients that know no better.
   */
  event: messageEventSchema.nullable(),
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
