import { aliasedTable, and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { ChatOrderEvent, ConversationJson, MessageJson, sendMessageSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { conversations, messages, users, type ConversationRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { findUser } from '../users/index.js';
import { claimAttachments } from './attachments.service.js';
import { recipientAway } from '../notifications/index.js';
import { preview, storeMessage } from './message-writer.js';
import { readEvent, toConversationJson, toMessageJson, typingEvent } from './messaging.presenter.js';

const seller = aliasedTable(users, 'seller');
const buyer = aliasedTable(users, 'buyer');
const ref = (t: typeof seller) => ({ id: t.id, username: t.username, image: t.image });

/**
 * Who takes part in a conversation never changes, so it is cached: the hot path (sending, typing)
 * then needs no extra query. Bounded; the least recently used go first.
 */
type Participants = Pick<ConversationRow, 'id' | 'sellerId' | 'buyerId'>;
const participantsCache = new LRUCache<string, Participants>({ max: 50_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Look-ups not in the cache that arrive in one turn of the event loop are one query (after a restart, every open
 * chat's first message misses the cache at once: docs/decisions/0046, 0058). One loader per app context; DataLoader
 * caches nothing itself (participantsCache does, and only conversations that exist): it only batches.
 */
const loaders = new WeakMap<AppContext, DataLoader<string, Participants | null>>();

function participantsLoader(ctx: AppContext) {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<string, Participants | null>(
      async (ids) => {
        const rows = await ctx.db
          .select({ id: conversations.id, sellerId: conversations.sellerId, buyerId: conversations.buyerId })
          .from(conversations)
          .where(inArray(conversations.id, [...ids]));
        const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      // The same turn as the message writer's batches (setImmediate), not DataLoader's default of the current one.
      { cache: false, batchScheduleFn: (run) => setImmediate(run) },
    );
    loaders.set(ctx, loader);
  }
  return loader;
}

async function participants(ctx: AppContext, conversationId: string) {
  const cached = participantsCache.get(conversationId);
  if (cached) return cached;
  if (!UUID.test(conversationId)) return null;
  const row = await participantsLoader(ctx).load(conversationId.toLowerCase());
  if (row) participantsCache.set(conversationId, row);
  return row;
}

/** The conversation's participants, if the caller is one: 404 when unknown, 403 for anyone else. */
export async function participantConversation(ctx: AppContext, conversationId: string, userId: string) {
  const row = await participants(ctx, conversationId);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  if (row.sellerId !== userId && row.buyerId !== userId) throw new AppError('CONVERSATION_NOT_A_PARTY');
  return row;
}

async function withPeople(ctx: AppContext, where: ReturnType<typeof eq>) {
  return ctx.db
    .select({ c: conversations, seller: ref(seller), buyer: ref(buyer) })
    .from(conversations)
    .innerJoin(seller, eq(seller.id, conversations.sellerId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .where(where)
    .orderBy(desc(conversations.updatedAt));
}

export async function listConversations(ctx: AppContext, user: UserRow): Promise<ConversationJson[]> {
  const rows = await withPeople(ctx, or(eq(conversations.sellerId, user.id), eq(conversations.buyerId, user.id))!);
  return rows.map((r) => toConversationJson(r.c, r.seller, r.buyer));
}

export async function unreadCount(ctx: AppContext, user: UserRow): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.sellerId, user.id), eq(conversations.readBySeller, false)),
        and(eq(conversations.buyerId, user.id), eq(conversations.readByBuyer, false)),
      ),
    );
  return row?.n ?? 0;
}

/** docs/product.md §9.1: the seller is the contacted party, unless only the caller is a designer. */
function sides(caller: UserRow, other: UserRow) {
  const callerSells = caller.isDesigner && !other.isDesigner;
  return callerSells ? { sellerId: caller.id, buyerId: other.id } : { sellerId: other.id, buyerId: caller.id };
}

/** Opens the conversation with `toId`, creating it once; `created` says which happened. */
export async function startConversation(ctx: AppContext, caller: UserRow, toId: string) {
  await ctx.limits.consume('conversationsUser', caller.id); // ADR 0021
  if (toId === caller.id) throw new AppError('CONVERSATION_WITH_YOURSELF');
  const other = await findUser(ctx, toId);
  const pair = sides(caller, other);
  const inserted = await ctx.db.insert(conversations).values(pair).onConflictDoNothing().returning({ id: conversations.id });
  const [row] = await withPeople(ctx, and(eq(conversations.sellerId, pair.sellerId), eq(conversations.buyerId, pair.buyerId))!);
  return { conversation: toConversationJson(row!.c, row!.seller, row!.buyer), created: inserted.length > 0 };
}

export async function findConversationId(ctx: AppContext, caller: UserRow, sellerId: string, buyerId: string) {
  if (caller.id !== sellerId && caller.id !== buyerId) throw new AppError('CONVERSATION_NOT_A_PARTY');
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.sellerId, sellerId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row.id;
}

/** Marks the conversation read for the caller's side and tells both participants. */
export async function markRead(ctx: AppContext, caller: UserRow, conversationId: string) {
  const c = await participantConversation(ctx, conversationId, caller.id);
  const change = c.sellerId === caller.id ? { readBySeller: true } : { readByBuyer: true };
  await ctx.db.update(conversations).set(change).where(eq(conversations.id, c.id));
  ctx.realtime.toUsers([c.sellerId, c.buyerId], 'conversation:read', readEvent(c.id, caller.id));
}


/** The `seq` of a message of this conversation; a message of any other conversation is unknown. */
async function anchorSeq(ctx: AppContext, conversationId: string, messageId: string, unknown: 'MESSAGE_UNKNOWN_AFTER' | 'MESSAGE_UNKNOWN_BEFORE') {
  const [anchor] = await ctx.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  if (!anchor) throw new AppError(unknown);
  return anchor.seq;
}

/**
 * A page of the conversation, oldest first (the (conversation_id, seq) index serves all three):
 * the latest `limit` messages; with `after`, the first `limit` after that message (catch-up); with
 * `before`, the last `limit` before it (older history).
 */
export async function listMessages(
  ctx: AppContext,
  caller: UserRow,
  conversationId: string,
  query: { after?: string; before?: string; limit: number },
): Promise<MessageJson[]> {
  const c = await participantConversation(ctx, conversationId, caller.id);
  if (query.after && query.before) throw new AppError('MESSAGE_AFTER_AND_BEFORE');
  const conditions = [eq(messages.conversationId, c.id)];
  if (query.after) conditions.push(gt(messages.seq, await anchorSeq(ctx, c.id, query.after, 'MESSAGE_UNKNOWN_AFTER')));
  if (query.before) conditions.push(lt(messages.seq, await anchorSeq(ctx, c.id, query.before, 'MESSAGE_UNKNOWN_BEFORE')));
  const rows = await ctx.db
    .select({ m: messages, sender: { id: users.id, username: users.username } })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .where(and(...conditions))
    // Catch-up reads forward from the anchor; the latest page and older pages read backwards.
    .orderBy(query.after ? asc(messages.seq) : desc(messages.seq))
    .limit(query.limit);
  if (!query.after) rows.reverse();
  return rows.map((r) => toMessageJson(r.m, r.sender, c.sellerId));
}

/**
 * Stores a message (docs/product.md §9.2) and then broadcasts it to both participants. A repeated clientId from the
 * same sender returns the stored message without storing or broadcasting it again. `fromSocket` is
 * left out of the broadcast: it gets the message in its acknowledgement (one write fewer per message).
 */
export async function sendMessage(
  ctx: AppContext,
  sender: UserRow,
  input: z.output<typeof sendMessageSchema>,
  fromSocket?: string,
): Promise<{ message: MessageJson; created: boolean }> {
  // HTTP and socket alike (ADR 0021); a limited socket send is answered { ok: false, message }.
  await ctx.limits.consume('messagesUser', sender.id);
  const c = await participantConversation(ctx, input.conversationId, sender.id);
  // Only files uploaded to this conversation (400 otherwise), described as stored, not as the client says.
  const attachments = await claimAttachments(ctx, c.id, input.attachments);
  const away = await recipientAway(ctx, c, sender.id); // looked up before the write (ADR 0027)
  // Written with the messages that arrive meanwhile, in one transaction (ADR 0046).
  const stored = await storeMessage(ctx, { conversation: c, sender, description: input.description, clientId: input.clientId, attachments, away }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'CONVERSATION_NOT_FOUND') participantsCache.delete(c.id);
    throw error;
  });
  if (!stored) {
    const [existing] = await ctx.db.select().from(messages).where(and(eq(messages.userId, sender.id), eq(messages.clientId, input.clientId)));
    if (!existing || existing.conversationId !== c.id) throw new AppError('MESSAGE_ID_REUSED');
    return { message: toMessageJson(existing, sender, c.sellerId), created: false };
  }
  const message = toMessageJson(stored, sender, c.sellerId);
  ctx.realtime.toUsersExcept(fromSocket, [c.sellerId, c.buyerId], 'message:received', message);
  return { message, created: true };
}

/** Relays a typing signal to the other participant, if the sender takes part. */
export async function relayTyping(ctx: AppContext, sender: UserRow, conversationId: string, isTyping: boolean) {
  const c = await participantConversation(ctx, conversationId, sender.id);
  const other = c.sellerId === sender.id ? c.buyerId : c.sellerId;
  ctx.realtime.toUsers([other], 'typing', typingEvent(c.id, sender.id, isTyping));
}

/** A message written in a transaction, to broadcast once it commits (`pushMessage`). */
export interface PostedMessage {
  to: string[];
  message: MessageJson;
}

/**
 * Writes an order event into the pair's conversation (created if needed) as a system message, in the transaction of
 * the change it reports, so that no crash can leave the change without its message (docs/decisions/0053): stored once
 * per `clientId`, unread for whoever did not cause it. Returns what to broadcast after the commit (null: already there).
 */
export async function recordSystemMessage(
  tx: Tx,
  m: { sellerId: string; buyerId: string; actorId: string | null; text: string; event: ChatOrderEvent; clientId: string },
): Promise<PostedMessage | null> {
  await tx.insert(conversations).values({ sellerId: m.sellerId, buyerId: m.buyerId }).onConflictDoNothing();
  const [c] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.sellerId, m.sellerId), eq(conversations.buyerId, m.buyerId)))
    .limit(1);
  const senderId = m.actorId ?? m.sellerId;
  const [stored] = await tx
    .insert(messages)
    .values({ conversationId: c!.id, userId: senderId, description: m.text, clientId: m.clientId, event: m.event })
    .onConflictDoNothing()
    .returning();
  if (!stored) return null;
  await tx
    .update(conversations)
    .set({
      lastMessage: preview(m.text),
      lastEvent: m.event,
      updatedAt: stored.createdAt,
      readBySeller: m.actorId === m.sellerId,
      readByBuyer: m.actorId === m.buyerId,
    })
    .where(eq(conversations.id, c!.id));
  const [sender] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, senderId));
  return { to: [m.sellerId, m.buyerId], message: toMessageJson(stored, sender!, m.sellerId) };
}

/** Broadcasts a committed message to its participants' sockets (a missed push is found by the next fetch). */
export function pushMessage(ctx: AppContext, posted: PostedMessage | null) {
  if (posted) ctx.realtime.toUsers(posted.to, 'message:received', posted.message);
}
