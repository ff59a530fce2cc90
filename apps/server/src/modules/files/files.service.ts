import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import {
  FILE_EXPIRY_DAYS,
  type FileRecordJson,
  type SharedFileJson,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { files, type FileRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { putLimited } from '../../platform/storage/limited-put.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { uploadedFileName } from '../../platform/storage/receive-file.js';
import { CASE_FILE_HEAD_BYTES, checkCaseFile, peekHead } from '../../platform/storage/sniff.js';

export const FILE_CONTENT_TYPES: Record<FileRow['kind'], string> = {
  stl: 'model/stl',
  ply: 'application/octet-stream',
  obj: 'model/obj',
  zip: 'application/zip',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export function toFileJson(ctx: AppContext, row: FileRow): FileRecordJson {
  return {
    _id: row.id,
    name: row.name,
    link: `${ctx.config.publicUrl}/api/files/${row.token}`,
    shareUrl: `${ctx.config.publicUrl}/share/${row.token}`,
    uploadDate: row.uploadDate.toISOString(),
    expiryDate: row.expiryDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    size: row.size,
    type: row.kind,
  };
}

export interface StoredBlob {
  key: string;
  size: number;
  kind: FileRow['kind'];
  originalName: string;
}

/**
 * Streams one case file into storage, checking its type by name and content (docs/product.md §8.1) and its size
 * while it flows. Nothing is kept on refusal. The record is written separately, after the whole
 * request has been read, so a failed upload never leaves a partial record.
 */
export async function storeCaseFile(ctx: AppContext, file: MultipartFile, prefix: 'cases' | 'chat' = 'cases'): Promise<StoredBlob> {
  const originalName = uploadedFileName(file, 'file');
  const { head, body } = await peekHead(file.file, CASE_FILE_HEAD_BYTES);
  const check = checkCaseFile(originalName, head);
  if (!check) {
    file.file.resume();
    throw fieldError('FILE_TYPE_REFUSED', 'file');
  }
  const key = `${prefix}/${randomUUID()}.${originalName.split('.').pop()!.toLowerCase()}`;
  const { size } = await putLimited(ctx.storage, key, body, uploadLimits.caseFile, 'FILE_TOO_LARGE', 'file', file.file);
  const problem = check.sizeProblem(size);
  if (problem) {
    await ctx.storage.delete(key);
    // Cut short (the header promises more than arrived) is said as such: the person exports or sends it again.
    throw fieldError(problem === 'truncated' ? 'FILE_CUT_SHORT' : 'FILE_TYPE_REFUSED', 'file');
  }
  return { key, size, kind: check.kind, originalName };
}

/** The server sets both dates and the link (client-sent values are never read). */
export async function createFileRecord(ctx: AppContext, user: UserRow, blob: StoredBlob, name: string | undefined, now = new Date()) {
  const [row] = await ctx.db
    .insert(files)
    .values({
      userId: user.id,
      name: name?.trim().slice(0, 200) || blob.originalName,
      token: randomBytes(32).toString('base64url'),
      storageKey: blob.key,
      size: blob.size,
      kind: blob.kind,
      uploadDate: now,
      expiryDate: new Date(now.getTime() + FILE_EXPIRY_DAYS * 86_400_000),
    })
    .returning();
  return toFileJson(ctx, row!);
}

export async function listFiles(ctx: AppContext, user: UserRow, page: { limit: number; offset: number }) {
  const where = eq(files.userId, user.id);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db.select().from(files).where(where).orderBy(desc(files.createdAt)).limit(page.limit).offset(page.offset),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(files).where(where),
  ]);
  return { items: rows.map((r) => toFileJson(ctx, r)), total };
}

/** A link, as the page shows it, or its bare token. */
export const tokenOfLink = (link: string) => link.trim().split(/[/?#]/).filter(Boolean).find((part, i, all) => i === all.length - 1) ?? '';

export async function deleteFile(ctx: AppContext, user: UserRow, link: string) {
  const [row] = await ctx.db.select().from(files).where(eq(files.token, tokenOfLink(link))).limit(1);
  if (!row) throw new AppError('FILE_NOT_FOUND');
  if (row.userId !== user.id) throw new AppError('FILE_NOT_YOURS');
  await ctx.db.delete(files).where(eq(files.id, row.id));
  await ctx.storage.delete(row.storageKey);
}

/** The record behind a public link: 404 when unknown or deleted, 410 once expired. */
export async function findShared(ctx: AppContext, token: string, now = new Date()): Promise<FileRow> {
  const [row] = token ? await ctx.db.select().from(files).where(eq(files.token, token)).limit(1) : [];
  if (!row) throw new AppError('FILE_NOT_FOUND');
  if (row.expiryDate <= now) throw new AppError('FILE_LINK_EXPIRED');
  return row;
}

export function toSharedJson(ctx: AppContext, row: FileRow): SharedFileJson {
  const { name, size, type, uploadDate, expiryDate, link } = toFileJson(ctx, row);
  return { name, size, type, uploadDate, expiryDate, link };
}

/**
 * The expiry job (docs/product.md §8.1, §8.4): records first (so no one is shown a file that is going), then the blobs.
 * Returns how many files it removed.
 */
export async function deleteExpiredFiles(ctx: AppContext, now = new Date(), batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const gone = await ctx.db
      .delete(files)
      .where(sql`${files.id} in (select id from files where expiry_date <= ${now.toISOString()} limit ${batch})`)
      .returning({ key: files.storageKey });
    for (const { key } of gone) await ctx.storage.delete(key);
    removed += gone.length;
    if (gone.length < batch) return removed;
  }
}
