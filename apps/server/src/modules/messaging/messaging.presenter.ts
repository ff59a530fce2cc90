import type { ConversationJson, MessageJson, UserRef } from '@cusp/shared';
import type { ConversationRow, MessageRow } from '../../db/schema/index.js';

export function toConversationJson(row: ConversationRow, seller: UserRef, buyer: UserRef): ConversationJson {
  return {
    _id: row.id,
    conversationID: row.id,
    sellerID: seller,
    buyerID: buyer,
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
