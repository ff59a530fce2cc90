import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import { guessFileRoles, ORDER_MAX_FILES, type FileRole, type OrderFileJson } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderFiles, orders, type OrderFileRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { checkNewOrderFile } from '../analysis/index.js';
import { storeCaseFile } from '../files/index.js';
import { toOrderFileJson } from './orders.presenter.js';

/** Files uploaded for an order that never happened are swept after this long. */
export const UNCLAIMED_FILE_HOURS = 24;

/**
 * A case scan or design file, uploaded before it is attached to an order or a delivery. Same type and
 * size checks as the files page (docs/product.md §8.1), but private: only the order's parties can fetch it later.
 */
export async function uploadOrderFile(ctx: AppContext, user: UserRow, file: MultipartFile): Promise<OrderFileJson> {
  const blob = await storeCaseFile(ctx, file);
  try {
    const [row] = await ctx.db
      .insert(orderFiles)
      .values({ uploaderId: user.id, name: blob.originalName, storageKey: blob.key, size: blob.size, kind: blob.kind, role: await guessRole(ctx, user, blob.originalName) })
      .returning();
    // Scan check (ADR 0026): refused when unreadable; the analysis when done within a moment, else pending.
    return toOrderFileJson(await checkNewOrderFile(ctx, row!));
  } catch (error) {
    await ctx.storage.delete(blob.key);
    throw error;
  }
}

/**
 * The role a new case file's name suggests (upper jaw, bite...; docs/product.md §5.1), read beside the caller's other files still waiting for
 * an order (the case being put together): an "antagonist" scan next to an upper jaw is the lower jaw.
 */
async function guessRole(ctx: AppContext, user: UserRow, name: string): Promise<FileRole> {
  const since = new Date(Date.now() - UNCLAIMED_FILE_HOURS * 3_600_000);
  const waiting = await ctx.db
    .select({ name: orderFiles.name })
    .from(orderFiles)
    .where(and(eq(orderFiles.uploaderId, user.id), isNull(orderFiles.orderId), gt(orderFiles.createdAt, since)))
    .orderBy(desc(orderFiles.createdAt))
    .limit(ORDER_MAX_FILES);
  return guessFileRoles([...waiting.map((file) => file.name), name]).at(-1)!;
}

/**
 * `PATCH /api/order-files/{id} {role}`: the uploader corrects a case file's role before the order is paid
 * (the file waits for an order, or its order awaits payment). Anyone else's file is "not found"; a paid
 * order's or a delivery's file is a 409.
 */
export async function setFileRole(ctx: AppContext, user: UserRow, fileId: string, role: FileRole): Promise<OrderFileJson> {
  const [found] = await ctx.db
    .select({ file: orderFiles, status: orders.status, buyerId: orders.buyerId })
    .from(orderFiles)
    .leftJoin(orders, eq(orders.id, orderFiles.orderId))
    .where(and(eq(orderFiles.id, fileId), eq(orderFiles.uploaderId, user.id)))
    .limit(1);
  if (!found) throw new AppError('CASE_FILE_NOT_FOUND');
  const { file } = found;
  if (file.orderId && (file.eventId || found.buyerId !== user.id || found.status !== 'pending_payment')) {
    throw new AppError('ORDER_FILE_ROLE_LOCKED');
  }
  const [row] = await ctx.db.update(orderFiles).set({ role }).where(eq(orderFiles.id, file.id)).returning();
  return toOrderFileJson(row!);
}

export async function orderFile(ctx: AppContext, orderId: string, fileId: string): Promise<OrderFileRow> {
  const [row] = await ctx.db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.id, fileId), eq(orderFiles.orderId, orderId)))
    .limit(1);
  if (!row) throw new AppError('CASE_FILE_NOT_FOUND');
  return row;
}

export async function sweepUnclaimedFiles(ctx: AppContext, now = new Date()): Promise<number> {
  const gone = await ctx.db
    .delete(orderFiles)
    .where(and(isNull(orderFiles.orderId), lte(orderFiles.createdAt, new Date(now.getTime() - UNCLAIMED_FILE_HOURS * 3_600_000))))
    .returning({ key: orderFiles.storageKey });
  for (const { key } of gone) await ctx.storage.delete(key);
  return gone.length;
}
