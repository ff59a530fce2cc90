import type { ConversationJson, MessageJson } from '@cusp/shared';
import type { ConversationRow, MessageRow } from '../../db/schema/index.js';
import { toUserRef, type Person } from '../users/index.js';

export function toConversationJson(row: ConversationRow, seller: Person, buyer: Person): ConversationJson {
  return {
    _id: row.id,
    conversationID: row.id,
    sellerID: toUserRef(seller),
    buyerID: toUserRef(buyer),
    lastMessage: row.lastMessage,
    lastEvent: row.lastEvent ?? null,
    readBySeller: row.readBySeller,
    readByBuyer: row.readByBuyer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `role` is 'designer' for the conversation's seller, 'user' for the buyer (docs/product.md §15.1). */
export function toMessageJson(row: MessageRow, sender: { id: string; username: string }, sellerId: string): MessageJson {
  return {
    _id: row.id,
    conversationID: row.conversationId,
    userID: { _id: sender.id, username: sender.username },
    description: row.description,
    clientId: row.clientId,
    attachments: row.attachments,
    role: row.userId === sellerId ? 'designer' : 'user',
    event: row.event ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The socket events' bodies (docs/product.md §15.1 names them). */
export const readEvent = (conversationId: string, userId: string) => ({ conversationID: conversationId, userID: userId });
export const typingEvent = (conversationId: string, userId: string, isTyping: boolean) => ({ conversationID: conversationId, userID: userId, isTyping });
