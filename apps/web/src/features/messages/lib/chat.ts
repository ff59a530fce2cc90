import type { ConversationJson, MessageJson, UserRef } from '@cusp/shared';

/** A message as the chat shows it: a stored one, or a pending one (SPEC.md section 3's isOptimistic). */
export type ChatMessage = MessageJson & { isOptimistic?: boolean };

/** The other participant: the buyer for the seller, the seller for the buyer. */
export function counterpart(conversation: ConversationJson, meId: string): UserRef {
  return conversation.sellerID._id === meId ? conversation.buyerID : conversation.sellerID;
}

/** SPEC.md section 4: unread for the seller when readBySeller is false, for the buyer when readByBuyer is false. */
export function isUnread(conversation: ConversationJson, meId: string): boolean {
  if (conversation.sellerID._id === meId) return !conversation.readBySeller;
  if (conversation.buyerID._id === meId) return !conversation.readByBuyer;
  return false;
}

/** The conversation with the caller's side marked read. */
export function markedRead(conversation: ConversationJson, meId: string): ConversationJson {
  if (conversation.sellerID._id === meId) return { ...conversation, readBySeller: true };
  if (conversation.buyerID._id === meId) return { ...conversation, readByBuyer: true };
  return conversation;
}

/** Stored messages keep the server's order; pending ones stay last. */
function ordered(list: ChatMessage[]): ChatMessage[] {
  return [...list.filter((m) => !m.isOptimistic), ...list.filter((m) => m.isOptimistic)];
}

/**
 * Adds stored messages (incoming, an ack, or a catch-up page) to the list without showing anything
 * twice: one with the same _id is skipped, and a pending one with the same clientId is replaced by it.
 */
export function mergeMessages(list: ChatMessage[] | undefined, incoming: MessageJson[]): ChatMessage[] {
  let next = [...(list ?? [])];
  for (const message of incoming) {
    if (next.some((m) => !m.isOptimistic && m._id === message._id)) {
      next = next.filter((m) => !(m.isOptimistic && m.clientId === message.clientId));
      continue;
    }
    const pending = next.findIndex((m) => m.isOptimistic && m.clientId === message.clientId);
    if (pending >= 0) next.splice(pending, 1);
    next.push(message);
  }
  return ordered(next);
}

export function withoutPending(list: ChatMessage[] | undefined, clientId: string): ChatMessage[] {
  return (list ?? []).filter((m) => !(m.isOptimistic && m.clientId === clientId));
}

/** The newest stored message's id: where a catch-up after a reconnect starts. */
export function lastConfirmedId(list: ChatMessage[] | undefined): string | undefined {
  return list?.filter((m) => !m.isOptimistic).at(-1)?._id;
}

/** A client-made message id (D19): 32 characters of [0-9a-f]. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}
