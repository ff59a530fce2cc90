import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, getTableColumns, gt, inArray, or } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import type { AppContext } from '../../context.js';
import {
  conversationAttachments,
  conversations,
  files,
  messages,
  orderEvents,
  orderFiles,
  orders,
  reviews,
  services,
  users,
  type UserRow,
} from '../../db/schema/index.js';
import { toSessionUser } from '../auth/index.js';
import { listSessions } from './account.service.js';

const { search: _search, ...serviceColumns } = getTableColumns(services);

/** Messages are read and written this many at a time, so a long history never sits in memory whole. */
const MESSAGE_BATCH = 500;

/** What an exported file is written through: JSON text in pieces, compressed as it comes. */
interface JsonFile {
  write(text: string): void;
  end(): void;
}

/**
 * "Download my data" (ADR 0032): a ZIP of JSON files (profile, services, orders with their timeline,
 * reviews, conversations and messages, files' metadata, sessions), written while it is read. Only the
 * caller's own rows and the conversations and orders they are part of; of other people only their id and
 * username. Never a password hash, a token, a storage key or another person's contact details.
 */
export function exportAccount(ctx: AppContext, user: UserRow, currentSessionId: string | null): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const encoder = new TextEncoder();
  const open = (name: string): JsonFile => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = new Date();
    zip.add(entry);
    return { write: (text) => entry.push(encoder.encode(text)), end: () => entry.push(new Uint8Array(0), true) };
  };
  const whole = (name: string, value: unknown) => {
    const file = open(name);
    file.write(JSON.stringify(value, null, 2));
    file.end();
  };

  void (async () => {
    whole('profile.json', { ...toSessionUser(user), emailLanguage: user.emailLanguage, updatedAt: user.updatedAt.toISOString() });

    const myServices = await ctx.db
      .select(serviceColumns)
      .from(services)
      .where(eq(services.userId, user.id))
      .orderBy(asc(services.createdAt));
    whole('services.json', myServices);

    const myOrders = await ctx.db
      .select()
      .from(orders)
      .where(or(eq(orders.buyerId, user.id), eq(orders.sellerId, user.id)))
      .orderBy(asc(orders.createdAt));
    const orderIds = myOrders.map((o) => o.id);
    const events = orderIds.length
      ? await ctx.db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)).orderBy(asc(orderEvents.createdAt))
      : [];
    const people = await namesOf(ctx, [...myOrders.flatMap((o) => [o.buyerId, o.sellerId]), ...events.flatMap((e) => (e.actorId ? [e.actorId] : []))]);
    whole(
      'orders.json',
      myOrders.map((o) => ({
        ...o,
        role: o.buyerId === user.id ? 'buyer' : 'designer',
        buyer: people.get(o.buyerId),
        seller: people.get(o.sellerId),
        timeline: events.filter((e) => e.orderId === o.id).map(({ orderId: _o, ...e }) => ({ ...e, actor: e.actorId ? people.get(e.actorId) : null })),
      })),
    );

    const myReviews = await ctx.db
      .select()
      .from(reviews)
      .where(or(eq(reviews.buyerId, user.id), eq(reviews.sellerId, user.id)))
      .orderBy(asc(reviews.createdAt));
    whole('reviews.json', myReviews.map((r) => ({ ...r, written: r.buyerId === user.id })));

    await writeMessages(ctx, user, open('messages.json'));

    const shared = await ctx.db
      .select({ id: files.id, name: files.name, size: files.size, kind: files.kind, uploadDate: files.uploadDate, expiryDate: files.expiryDate })
      .from(files)
      .where(eq(files.userId, user.id))
      .orderBy(asc(files.createdAt));
    const caseFiles = await ctx.db
      .select({ id: orderFiles.id, orderId: orderFiles.orderId, name: orderFiles.name, size: orderFiles.size, kind: orderFiles.kind, role: orderFiles.role, createdAt: orderFiles.createdAt })
      .from(orderFiles)
      .where(eq(orderFiles.uploaderId, user.id))
      .orderBy(asc(orderFiles.createdAt));
    const attachments = await ctx.db
      .select({
        id: conversationAttachments.id,
        conversationId: conversationAttachments.conversationId,
        name: conversationAttachments.name,
        contentType: conversationAttachments.contentType,
        size: conversationAttachments.size,
        createdAt: conversationAttachments.createdAt,
      })
      .from(conversationAttachments)
      .where(eq(conversationAttachments.uploaderId, user.id))
      .orderBy(asc(conversationAttachments.createdAt));
    whole('files.json', { sharedFiles: shared, orderFiles: caseFiles, chatAttachments: attachments });

    whole('sessions.json', await listSessions(ctx, user, currentSessionId));
    zip.end();
  })().catch((error: unknown) => {
    // The answer has started: the client sees a cut-off download; the route logs the cause.
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

async function namesOf(ctx: AppContext, ids: string[]): Promise<Map<string, { id: string; username: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** `[{ conversation, with, messages: [...] }, ...]`, each conversation's messages in batches. */
async function writeMessages(ctx: AppContext, user: UserRow, file: JsonFile) {
  const mine = await ctx.db
    .select()
    .from(conversations)
    .where(or(eq(conversations.buyerId, user.id), eq(conversations.sellerId, user.id)))
    .orderBy(asc(conversations.createdAt));
  const people = await namesOf(ctx, mine.map((c) => (c.buyerId === user.id ? c.sellerId : c.buyerId)));
  file.write('[');
  for (const [i, c] of mine.entries()) {
    const other = c.buyerId === user.id ? c.sellerId : c.buyerId;
    const head = { id: c.id, with: people.get(other) ?? { id: other, username: '' }, createdAt: c.createdAt };
    file.write(`${i ? ',' : ''}\n  ${JSON.stringify(head).slice(0, -1)},"messages":[`);
    let after = -1;
    let first = true;
    for (;;) {
      const batch = await ctx.db
        .select({ id: messages.id, seq: messages.seq, userId: messages.userId, text: messages.description, attachments: messages.attachments, event: messages.event, createdAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.conversationId, c.id), gt(messages.seq, after)))
        .orderBy(asc(messages.seq))
        .limit(MESSAGE_BATCH);
      for (const m of batch) {
        const { seq: _seq, userId, ...rest } = m;
        file.write(`${first ? '' : ','}\n    ${JSON.stringify({ ...rest, fromMe: userId === user.id })}`);
        first = false;
      }
      if (batch.length < MESSAGE_BATCH) break;
      after = batch[batch.length - 1]!.seq;
    }
    file.write('\n  ]}');
  }
  file.write('\n]\n');
  file.end();
}
