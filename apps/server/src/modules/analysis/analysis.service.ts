import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mayViewOrder, SCAN_FINDING_MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderFiles, orders, type OrderFileRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { headProblem, type MeshKind } from '../../platform/mesh/analyse.js';
import { meshAnalyser } from '../../platform/mesh/pool.js';
import { zipDirectoryProblem } from '../../platform/mesh/zip-directory.js';
import type { MeshErrorCode, StoredAnalysis } from '../../platform/mesh/types.js';
import { isMeshKind } from './findings.js';

/**
 * Scan checks (docs/decisions/0026): every mesh stored as an order file is analysed after it
 * is stored, in the mesh worker, reading the stored bytes as a stream (local folder or S3). The result
 * goes into `order_files.analysis`, so it survives restarts; a file left unanalysed (a crash, a restart,
 * files stored before migration 0008) is picked up by the `scan-checks` job.
 */

/** How long the upload waits for the check before answering `pending` (small files are done by then). */
export const UPLOAD_WAIT_MS = 1_500;
/** Files this process is analysing now (the job leaves them to the upload that started them). */
const inProgress = new Set<string>();
const RESUME_BATCH = 20;

/** The first bytes of a stored file, for the checks that need no more (an STL declaring no triangles). */
const HEAD_BYTES = 8192;

/** Bytes `start` to `end` (inclusive) of a stored file; empty when it is gone. */
async function readRange(ctx: AppContext, key: string, start: number, end: number): Promise<Uint8Array> {
  const stored = await ctx.storage.get(key, { start, end });
  if (!stored) return new Uint8Array(0);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A problem the first bytes show, or null; the upload refuses the file at once on a problem. */
export async function checkHead(ctx: AppContext, key: string, kind: string, size: number): Promise<{ error: MeshErrorCode; detail: string } | null> {
  if (!isMeshKind(kind) || kind === 'zip' || size === 0) return null;
  const head = await readRange(ctx, key, 0, Math.min(size, HEAD_BYTES) - 1);
  if (head.length === 0) return null;
  return headProblem(kind as MeshKind, head, size);
}

/**
 * Analyses one stored file; null when its bytes are gone (the file was deleted meanwhile). `owner`: the
 * uploader, whose files take turns with everyone else's in the workers' queue (docs/decisions/0052).
 */
export async function analyseStored(ctx: AppContext, key: string, kind: MeshKind, owner = ''): Promise<StoredAnalysis | null> {
  if (kind === 'zip') {
    // A ZIP bomb is refused from its central directory, before it takes a worker (docs/decisions/0052).
    const size = await ctx.storage.size(key);
    if (size === null) return null;
    const problem = await zipDirectoryProblem(size, (start, end) => readRange(ctx, key, start, end));
    if (problem) return { status: 'failed', at: new Date().toISOString(), error: 'archive_too_large', detail: problem };
  }
  const stored = await ctx.storage.get(key);
  if (!stored) return null;
  const result = await meshAnalyser().analyse(kind, stored.size, stored.body, owner);
  const at = new Date().toISOString();
  if (!result.ok) return { status: 'failed', at, error: result.error, detail: result.detail };
  return { status: 'done', at, ...result.figures, ...(result.parts ? { parts: result.parts } : {}), ...(result.skipped ? { skipped: result.skipped } : {}) };
}

/** Analyses an order file and stores the answer (unless another run already did). */
export async function analyseOrderFile(ctx: AppContext, row: Pick<OrderFileRow, 'id' | 'storageKey' | 'kind' | 'uploaderId'>): Promise<StoredAnalysis | null> {
  if (!isMeshKind(row.kind)) return null;
  inProgress.add(row.id);
  try {
    const analysis = await analyseStored(ctx, row.storageKey, row.kind as MeshKind, row.uploaderId);
    if (!analysis) return null;
    await ctx.db
      .update(orderFiles)
      .set({ analysis })
      .where(and(eq(orderFiles.id, row.id), isNull(orderFiles.analysis)));
    return analysis;
  } finally {
    inProgress.delete(row.id);
  }
}

/**
 * Starts the check of a freshly stored file and waits up to `waitMs` for it: the answer, or null when it
 * takes longer (it goes on after the request; closing the app waits for it).
 */
export async function startOrderFileAnalysis(ctx: AppContext, row: OrderFileRow, waitMs = UPLOAD_WAIT_MS): Promise<StoredAnalysis | null> {
  if (!isMeshKind(row.kind)) return null;
  const running = analyseOrderFile(ctx, row);
  ctx.background.run('scan-check', () => running);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return await Promise.race([running.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The job: meshes without an analysis (left by a restart, or stored before the check existed), oldest first. */
export async function resumePendingAnalyses(ctx: AppContext, batch = RESUME_BATCH): Promise<number> {
  const rows = await ctx.db
    .select({ id: orderFiles.id, storageKey: orderFiles.storageKey, kind: orderFiles.kind, uploaderId: orderFiles.uploaderId })
    .from(orderFiles)
    .where(and(isNull(orderFiles.analysis), inArray(orderFiles.kind, ['stl', 'ply', 'obj', 'zip'])))
    .orderBy(orderFiles.createdAt)
    .limit(batch + inProgress.size);
  let done = 0;
  for (const row of rows.filter((r) => !inProgress.has(r.id)).slice(0, batch)) {
    const analysis = await analyseOrderFile(ctx, row);
    // The bytes are gone: nothing to analyse, ever; say so rather than trying again every run.
    if (!analysis) {
      await ctx.db
        .update(orderFiles)
        .set({ analysis: { status: 'failed', at: new Date().toISOString(), error: 'unreadable', detail: 'The stored file is missing.' } })
        .where(and(eq(orderFiles.id, row.id), isNull(orderFiles.analysis)));
    }
    done++;
  }
  return done;
}

/**
 * The upload's part (docs/decisions/0026): what the first bytes show refuses the file at once; then the
 * check starts and the upload waits briefly for it. A file found unreadable meanwhile is refused too; its
 * record is removed here and the caller removes the bytes. Otherwise the row, with the analysis when done.
 */
export async function checkNewOrderFile(ctx: AppContext, row: OrderFileRow): Promise<OrderFileRow> {
  const refuse = async (error: MeshErrorCode) => {
    await ctx.db.delete(orderFiles).where(eq(orderFiles.id, row.id));
    const message = SCAN_FINDING_MESSAGES[error];
    return fieldError('CASE_FILE_UNREADABLE', 'file', message);
  };
  const problem = await checkHead(ctx, row.storageKey, row.kind, row.size);
  if (problem) throw await refuse(problem.error);
  const analysis = await startOrderFileAnalysis(ctx, row);
  if (analysis?.status === 'failed') throw await refuse(analysis.error);
  return { ...row, analysis: analysis ?? row.analysis };
}

/**
 * An order file's record for `GET /api/order-files/{id}` (its scan check, polled while pending): its
 * uploader, or either party of the order it belongs to (a designer once the order is paid). Anyone else
 * is told it does not exist, as for the file's bytes.
 */
export async function orderFileForViewer(ctx: AppContext, user: UserRow, fileId: string): Promise<OrderFileRow> {
  const [found] = await ctx.db
    .select({ file: orderFiles, buyerId: orders.buyerId, sellerId: orders.sellerId, status: orders.status })
    .from(orderFiles)
    .leftJoin(orders, eq(orders.id, orderFiles.orderId))
    .where(eq(orderFiles.id, fileId))
    .limit(1);
  const party = found && mayViewOrder(found, user.id);
  if (!found || (found.file.uploaderId !== user.id && !party)) throw new AppError('CASE_FILE_NOT_FOUND');
  return found.file;
}
