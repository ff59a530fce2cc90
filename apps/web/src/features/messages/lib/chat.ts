import type { Conversation, Message, Person } from '@/lib/domain';

/** A message as the chat shows it: a stored one, or a pending one (`isOptimistic`, docs/product.md §9.2). */
export type ChatMessage = Message & { isOptimistic?: boolean };

/** The other participant: the buyer for the seller, the seller for the buyer. */
export function counterpart(conversation: Conversation, meId: string): Person {
  return conversation.seller.id === meId ? conversation.buyer : conversation.seller;
}

/** docs/product.md §9.3: unread for the seller when readBySeller is false, for the buyer when readByBuyer is false. */
export function isUnread(conversation: Conversation, meId: string): boolean {
  if (conversation.seller.id === meId) return !conversation.readBySeller;
  if (conversation.buyer.id === meId) return !conversation.readByBuyer;
  return false;
}

/** The conversation with the caller's side marked read. */
export function markedRead(conversation: Conversation, meId: string): Conversation {
  if (conversation.seller.id === meId) return { ...conversation, readBySeller: true };
  if (conversation.buyer.id === meId) return { ...conversation, readByBuyer: true };
  return conversation;
}

/** How many messages a page of the history holds: the latest ones when a chat opens, then each earlier page. */
export const HISTORY_PAGE_SIZE = 50;

/** How many missed messages one catch-up after a reconnect asks for (the server's default page). */
export const CATCH_UP_LIMIT = 200;

/**
 * A chat's cached history: the messages loaded so far, oldest first with pending ones last, and
 * whether the server may hold older ones (the last page asked for came back full).
 */
export interface ChatHistory {
  messages: ChatMessage[];
  hasEarlier: boolean;
}

/** The history of a chat just opened: its latest page. */
export function latestPage(page: Message[]): ChatHistory {
  return { messages: page, hasEarlier: page.length >= HISTORY_PAGE_SIZE };
}

/**
 * Where a batch of stored messages belongs: by default after the newest one (a live message, an
 * acknowledgement); right after `after` (the catch-up after a reconnect); right before `before` (an
 * earlier page). A batch is always a run of the server's order (by `seq`).
 */
export interface MergeAt {
  after?: string;
  before?: string;
}

/**
 * The one way stored messages join the list (incoming, an ack, a catch-up or an earlier page),
 * without showing anything twice or out of order: one with a known _id is not added again but marks
 * where the rest of its batch goes, and a pending one with the same clientId is replaced by it.
 * Stored messages keep the server's order; pending ones stay last.
 */
export function mergeMessages(list: ChatMessage[] | undefined, incoming: Message[], at: MergeAt = {}): ChatMessage[] {
  const delivered = new Set(incoming.map((m) => m.clientId));
  const stored = (list ?? []).filter((m) => !m.isOptimistic);
  const pending = (list ?? []).filter((m) => m.isOptimistic && !delivered.has(m.clientId));
  const indexOf = (id: string | undefined) => (id === undefined ? -1 : stored.findIndex((m) => m.id === id));
  let cursor = stored.length;
  if (indexOf(at.after) >= 0) cursor = indexOf(at.after) + 1;
  else if (indexOf(at.before) >= 0) cursor = indexOf(at.before);
  for (const message of incoming) {
    const known = indexOf(message.id);
    if (known >= 0) {
      cursor = known + 1;
      continue;
    }
    stored.splice(cursor, 0, message);
    cursor += 1;
  }
  return [...stored, ...pending];
}

/** The history with `incoming` merged in (see mergeMessages); nothing while the chat is not loaded. */
export function withMessages(history: ChatHistory | undefined, incoming: Message[], at?: MergeAt): ChatHistory | undefined {
  return history && { ...history, messages: mergeMessages(history.messages, incoming, at) };
}

/**
 * The history with an earlier page (asked for `before` its oldest stored message) in front. Left
 * as it is when that message is no longer the oldest (the chat was loaded again meanwhile), so
 * that no gap can open between the page and the rest.
 */
export function withEarlier(history: ChatHistory | undefined, before: string, page: Message[]): ChatHistory | undefined {
  if (!history || oldestConfirmedId(history.messages) !== before) return history;
  return { messages: mergeMessages(history.messages, page, { before }), hasEarlier: page.length >= HISTORY_PAGE_SIZE };
}

/** The history with a pending message (sent, not yet acknowledged) at the end. */
export function withPending(history: ChatHistory | undefined, message: ChatMessage): ChatHistory | undefined {
  return history && { ...history, messages: [...history.messages, message] };
}

export function withoutPending(history: ChatHistory | undefined, clientId: string): ChatHistory | undefined {
  return history && { ...history, messages: history.messages.filter((m) => !(m.isOptimistic && m.clientId === clientId)) };
}

/** The newest stored message's id: where a catch-up after a reconnect starts. */
export function lastConfirmedId(list: ChatMessage[] | undefined): string | undefined {
  return list?.filter((m) => !m.isOptimistic).at(-1)?.id;
}

/** The oldest stored message's id: where the next earlier page ends. */
export function oldestConfirmedId(list: ChatMessage[] | undefined): string | undefined {
  return list?.find((m) => !m.isOptimistic)?.id;
}

/** A client-made message id (docs/product.md §9.2): 32 characters of [0-9a-f]. */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}
