import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { pinResolveRefusal, type OrderPinJson, type pinInput } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderEvents, orderFiles, orderPins, type OrderFileRow, type OrderPinRow, type OrderRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError, validationError, type FieldIssue } from '../../errors.js';
import type { Db } from '../../db/client.js';

/**
 * Review pins (docs/decisions/0037): checked against the order's files when a revision sends them,
 * stored with its event, listed on it, and marked resolved by the designer.
 */

type PinInput = z.output<typeof pinInput>;
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Float noise of the stored bounds (rounded to 4 places) and of a picked point on the surface. */
const BOUNDS_SLACK_MM = 0.01;

const PINNABLE_KINDS = new Set(['stl', 'ply', 'obj']);

function boundsOf(file: OrderFileRow) {
  const analysis = file.analysis;
  return analysis?.status === 'done' ? analysis.bounds : undefined;
}

/**
 * Throws a 400 keyed by the pin's path unless every pin is on a checked mesh of this order (a case file or a
 * delivered design) and inside that file's bounding box. A file of another order is "not a file of this order".
 */
export async function checkPins(ctx: AppContext, order: Pick<OrderRow, 'id'>, pins: PinInput[]): Promise<void> {
  if (pins.length === 0) return;
  const ids = [...new Set(pins.flatMap((pin) => [pin.fileId, ...(pin.visibleFileIds ?? [])]))];
  const files = await ctx.db.select().from(orderFiles).where(and(inArray(orderFiles.id, ids), eq(orderFiles.orderId, order.id)));
  const byId = new Map(files.map((file) => [file.id, file]));
  const issues: FieldIssue[] = [];
  pins.forEach((pin, i) => {
    const file = byId.get(pin.fileId);
    if (!file) {
      issues.push({ path: `pins.${i}.fileId`, message: 'PIN_FILE' });
      return;
    }
    const bounds = PINNABLE_KINDS.has(file.kind) ? boundsOf(file) : undefined;
    if (!bounds) {
      issues.push({ path: `pins.${i}.fileId`, message: 'PIN_NOT_MESH' });
      return;
    }
    // The layers shown with it: meshes of this order too (the scene only draws those).
    pin.visibleFileIds?.forEach((id, j) => {
      const layer = byId.get(id);
      if (!layer || !PINNABLE_KINDS.has(layer.kind)) issues.push({ path: `pins.${i}.visibleFileIds.${j}`, message: 'PIN_LAYER' });
    });
    const point = [pin.x, pin.y, pin.z];
    const inside = point.every((value, axis) => value >= bounds.min[axis]! - BOUNDS_SLACK_MM && value <= bounds.max[axis]! + BOUNDS_SLACK_MM);
    if (!inside) issues.push({ path: `pins.${i}`, message: 'PIN_OUTSIDE' });
  });
  if (issues.length) throw validationError(issues);
}

/** Stores a revision request's pins, numbered 1, 2, 3... in the order they were sent. */
export async function insertPins(tx: Transaction, orderId: string, eventId: string, pins: PinInput[]) {
  if (pins.length === 0) return;
  await tx.insert(orderPins).values(
    pins.map((pin, i) => ({
      orderId,
      eventId,
      fileId: pin.fileId,
      number: i + 1,
      x: pin.x,
      y: pin.y,
      z: pin.z,
      note: pin.note,
      camera: pin.camera ?? null,
      measurementMm: pin.measurementMm ?? null,
      // The pin's own file was in view (it was picked on it), whatever the list says.
      visibleFileIds: pin.visibleFileIds ? [...new Set([pin.fileId, ...pin.visibleFileIds])] : null,
    })),
  );
}

export function toPinJson(row: OrderPinRow): OrderPinJson {
  return {
    _id: row.id,
    number: row.number,
    fileId: row.fileId,
    x: row.x,
    y: row.y,
    z: row.z,
    note: row.note,
    camera: row.camera ?? null,
    measurementMm: row.measurementMm,
    visibleFileIds: row.visibleFileIds ?? null,
    resolved: row.resolvedAt !== null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** The order's pins by the revision event that sent them (the caller has already been checked as a party). */
export async function pinsByEvent(ctx: AppContext, orderId: string): Promise<Map<string, OrderPinJson[]>> {
  const rows = await ctx.db.select().from(orderPins).where(eq(orderPins.orderId, orderId)).orderBy(asc(orderPins.createdAt), asc(orderPins.number));
  const byEvent = new Map<string, OrderPinJson[]>();
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), toPinJson(row)]);
  return byEvent;
}

/** `PATCH /api/orders/{id}/pins/{pinId}`: the designer marks a pin resolved (or not) while PIN_POLICY allows. */
export async function setPinResolved(ctx: AppContext, user: UserRow, order: OrderRow, pinId: string, resolved: boolean): Promise<OrderPinJson> {
  const [pin] = await ctx.db.select().from(orderPins).where(and(eq(orderPins.id, pinId), eq(orderPins.orderId, order.id))).limit(1);
  if (!pin) throw new AppError('PIN_NOT_FOUND');
  const refusal = pinResolveRefusal(order, user.id);
  if (refusal) throw new AppError(refusal.code, { message: refusal.message });
  const [row] = await ctx.db
    .update(orderPins)
    .set({ resolvedAt: resolved ? (pin.resolvedAt ?? new Date()) : null })
    .where(eq(orderPins.id, pin.id))
    .returning();
  return toPinJson(row!);
}

/**
 * The files an acceptance approves: those the buyer names, which must be delivered on this order, or else the
 * latest delivery's files.
 */
export async function approvedFilesOf(ctx: AppContext, orderId: string, named: string[] | undefined): Promise<string[]> {
  const delivered = await ctx.db
    .select({ id: orderFiles.id, eventId: orderFiles.eventId })
    .from(orderFiles)
    .innerJoin(orderEvents, eq(orderEvents.id, orderFiles.eventId))
    .where(and(eq(orderFiles.orderId, orderId), isNotNull(orderFiles.eventId)))
    .orderBy(asc(orderEvents.createdAt), asc(orderFiles.createdAt));
  if (named) {
    const ids = new Set(delivered.map((file) => file.id));
    const stranger = named.findIndex((id) => !ids.has(id));
    if (stranger >= 0) throw fieldError('PIN_APPROVED_FILE', `files.${stranger}`);
    return [...new Set(named)];
  }
  const latest = delivered.at(-1)?.eventId;
  return delivered.filter((file) => file.eventId === latest).map((file) => file.id);
}
