import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import { ATTACHMENT_URL, attachmentUrl, type Attachment } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { conversationAttachments, courses, orders, services, users, type ConversationAttachmentRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { FILE_CONTENT_TYPES, storeCaseFile } from '../files/index.js';

/**
 * Chat attachments (docs/decisions/0020): private to the conversation's two parties. Uploaded to
 * `POST /api/conversations/<id>/attachments` with the case-file rules (type by name and content, D21;
 * 200 MB counted while streaming), stored under `chat/`, served only by the checked route beside it.
 * The caller (the route) has already checked that the user takes part in the conversation.
 */

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';
/** Uploaded but never sent with a message: swept after this long, like order files. */
export const UNCLAIMED_ATTACHMENT_HOURS = 24;

export function toAttachment(row: ConversationAttachmentRow): Attachment {
  return { url: attachmentUrl(row.conversationId, row.id), name: row.name, type: row.type, size: row.size };
}

export async function uploadAttachment(ctx: AppContext, conversationId: string, uploaderId: string, file: MultipartFile): Promise<Attachment> {
  const blob = await storeCaseFile(ctx, file, 'chat');
  try {
    const [row] = await ctx.db
      .insert(conversationAttachments)
      .values({
        conversationId,
        uploaderId,
        storageKey: blob.key,
        name: blob.originalName,
        contentType: FILE_CONTENT_TYPES[blob.kind],
        type: blob.kind === 'jpeg' || blob.kind === 'png' ? 'image' : 'raw',
        size: blob.size,
      })
      .returning();
    return toAttachment(row!);
  } catch (error) {
    await ctx.storage.delete(blob.key);
    throw error;
  }
}

/** One attachment of this conversation (404 when it belongs to another one or does not exist). */
export async function findAttachment(ctx: AppContext, conversationId: string, attachmentId: string): Promise<ConversationAttachmentRow> {
  const [row] = await ctx.db
    .select()
    .from(conversationAttachments)
    .where(and(eq(conversationAttachments.id, attachmentId), eq(conversationAttachments.conversationId, conversationId)))
    .limit(1);
  if (!row) throw new AppError('ATTACHMENT_NOT_FOUND');
  return row;
}

/**
 * What a message may carry: each URL must be one the upload route answered for this conversation
 * (400 otherwise: a /media address, another conversation's file, a made-up id). Name, type and size
 * come from the stored record, not the client. The files are marked as sent, so the sweep keeps them.
 */
export async function claimAttachments(ctx: AppContext, conversationId: string, wanted: Attachment[]): Promise<Attachment[]> {
  if (wanted.length === 0) return [];
  const ids = wanted.map((a) => {
    const match = ATTACHMENT_URL.exec(a.url);
    if (!match || match[1]!.toLowerCase() !== conversationId.toLowerCase()) {
      throw fieldError('ATTACHMENT_NOT_IN_CONVERSATION', 'attachments');
    }
    return match[2]!.toLowerCase();
  });
  const rows = await ctx.db
    .update(conversationAttachments)
    .set({ claimedAt: sql`coalesce(${conversationAttachments.claimedAt}, now())` })
    .where(and(eq(conversationAttachments.conversationId, conversationId), inArray(conversationAttachments.id, [...new Set(ids)])))
    .returning();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw fieldError('ATTACHMENT_NOT_IN_CONVERSATION', 'attachments');
    return toAttachment(row);
  });
}

/** Attachments uploaded but never sent, after a day: records first, then the blobs. */
export async function sweepUnclaimedAttachments(ctx: AppContext, now = new Date()): Promise<number> {
  const gone = await ctx.db
    .delete(conversationAttachments)
    .where(
      and(
        isNull(conversationAttachments.claimedAt),
        lte(conversationAttachments.createdAt, new Date(now.getTime() - UNCLAIMED_ATTACHMENT_HOURS * 3_600_000)),
      ),
    )
    .returning({ key: conversationAttachments.storageKey });
  for (const { key } of gone) await ctx.storage.delete(key);
  return gone.length;
}

/** The thumbnail `storeMedia` made beside a public image (`images/<id>.thumb.webp`). */
const thumbnailOf = (key: string) => (/^images\/[0-9a-f-]{36}\.[a-z]+$/.test(key) ? key.replace(/\.[a-z]+$/, '.thumb.webp') : null);

/** Whether a public page still shows this /media address (an avatar, a cover...): then it stays public. */
async function stillPublic(ctx: AppContext, key: string): Promise<boolean> {
  const url = `/media/${key}`;
  const checks = await Promise.all([
    ctx.db.select({ id: users.id }).from(users).where(or(eq(users.image, url), eq(users.wallpaper, url))).limit(1),
    ctx.db
      .select({ id: services.id })
      .from(services)
      .where(or(eq(services.cover, url), sql`${url} = any(${services.images})`))
      .limit(1),
    ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.image, url)).limit(1),
    ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.thumbnail, url)).limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}

/**
 * The second half of migration 0006: moves each old chat attachment's object from its public /media
 * key to its private key (through the Storage interface, so for the local folder and S3 alike), then
 * deletes the public object and its thumbnail, so the old address answers 404. A public object that
 * a profile, service, order or course also shows is copied and left in place. Safe to repeat and to
 * resume: a row is done once its legacyKey is cleared. Returns how many rows it moved.
 */
export async function moveLegacyAttachments(ctx: AppContext, batch = 100): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await ctx.db.select().from(conversationAttachments).where(isNotNull(conversationAttachments.legacyKey)).limit(batch);
    if (rows.length === 0) return moved;
    const legacyKeys = new Set<string>();
    for (const row of rows) {
      const legacyKey = row.legacyKey!;
      legacyKeys.add(legacyKey);
      // Already copied by a run that stopped before clearing the row: keep that copy.
      let size = await ctx.storage.size(row.storageKey);
      if (size === null) {
        const found = await ctx.storage.get(legacyKey);
        size = found ? (await ctx.storage.put(row.storageKey, found.body)).size : 0; // gone already: the route answers 404
      }
      await ctx.db.update(conversationAttachments).set({ legacyKey: null, size }).where(eq(conversationAttachments.id, row.id));
      moved += 1;
    }
    for (const key of legacyKeys) {
      // Other rows (another conversation sent the same URL) may still need this object.
      const [pending] = await ctx.db
        .select({ id: conversationAttachments.id })
        .from(conversationAttachments)
        .where(eq(conversationAttachments.legacyKey, key))
        .limit(1);
      if (pending || (await stillPublic(ctx, key))) continue;
      await ctx.storage.delete(key).catch(() => {}); // an unsafe or missing key is nothing to delete
      const thumb = thumbnailOf(key);
      if (thumb) await ctx.storage.delete(thumb);
    }
  }
}

/** The object to send: the private one, or the old public one while migration 0006's move is pending. */
export async function keyToServe(ctx: AppContext, row: ConversationAttachmentRow): Promise<string> {
  if (row.legacyKey && (await ctx.storage.size(row.storageKey)) === null) return row.legacyKey;
  return row.storageKey;
}
