import { and, eq, isNull, lte } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import type { OrderFileJson } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderFiles, type OrderFileRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { checkNewOrderFile } from '../analysis/analysis.service.js';
import { storeCaseFile } from '../files/files.service.js';
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
      .values({ uploaderId: user.id, name: blob.originalName, storageKey: blob.key, size: blob.size, kind: blob.kind })
      .returning();
    // Scan check (ADR 0026): refused when unreadable; the analysis when done within a moment, else pending.
    return toOrderFileJson(await checkNewOrderFile(ctx, row!));
  } catch (error) {
    await ctx.storage.delete(blob.key);
    throw error;
  }
}

export async function orderFile(ctx: AppContext, orderId: string, fileId: string): Promise<OrderFileRow> {
  const [row] = await ctx.db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.id, fileId), eq(orderFiles.orderId, orderId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'File not found.');
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
