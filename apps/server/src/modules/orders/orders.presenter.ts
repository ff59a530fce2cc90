import {
  AUTO_COMPLETE_DAYS,
  earliestDueDate,
  fromMinor,
  prescriptionSchema,
  type OrderEventJson,
  type OrderFileJson,
  type OrderPinJson,
  type OrderJson,
  type Prescription,
  type ReviewJson,
  type DisputeJson,
} from '@cusp/shared';
import { ORDER_NUMBER_PREFIX, type DisputeRow, type OrderEventRow, type OrderFileRow, type OrderRow, type ReviewRow } from '../../db/schema/index.js';
import { toAnalysisJson } from '../analysis/index.js';
import { presentOrderPolicies } from './orders.policy.js';
import { toUserRef, type Person } from '../users/index.js';

export const DAY_MS = 86_400_000;

/** The order's prescription; an order placed before prescriptions existed has an empty one with its requirements as notes. */
export function prescriptionOf(row: Pick<OrderRow, 'prescription' | 'requirements'>): Prescription {
  return row.prescription ?? prescriptionSchema.parse({ notes: row.requirements });
}

/** When the design is due: the buyer's date, else the service's delivery time from ordering. */
export function dueByOf(row: Pick<OrderRow, 'prescription' | 'createdAt' | 'deliveryDays'>): string {
  return row.prescription?.dueBy ?? earliestDueDate(row.createdAt, row.deliveryDays);
}

/** The statuses in which the design is still owed, so a passed due date makes the order late. */
const OWED: readonly OrderRow['status'][] = ['in_progress', 'revision_requested'];

/** Late: past its due date while the design is still owed. */
export function isLate(row: Pick<OrderRow, 'status' | 'dueAt'>, now = new Date()): boolean {
  return row.dueAt !== null && OWED.includes(row.status) && row.dueAt.getTime() < now.getTime();
}

/** When a paid order is due: the end of the prescription's date (UTC) if the buyer gave one, else the delivery time from payment. */
export function dueAtOf(row: Pick<OrderRow, 'prescription' | 'deliveryDays'>, paidAt: Date): Date {
  const dueBy = row.prescription?.dueBy;
  return dueBy ? new Date(`${dueBy}T23:59:59.000Z`) : new Date(paidAt.getTime() + row.deliveryDays * DAY_MS);
}

export const orderNumber = (row: Pick<OrderRow, 'number'>) => `${ORDER_NUMBER_PREFIX}${row.number}`;

/**
 * An order as its viewer sees it, with the actions ORDER_POLICY gives them now (`reviewed`: whether the order has
 * its review; the `review` action reads it).
 */
export function toOrderJson(
  row: OrderRow,
  p: { buyer: Person; seller: Person; viewerId: string; paymentId: string | null; reviewed?: boolean; disputeAnswered?: boolean },
): OrderJson {
  const money = (minor: number) => fromMinor(minor, row.currency);
  const isSeller = row.sellerId === p.viewerId;
  const { actions } = presentOrderPolicies({ ...row, reviewed: p.reviewed ?? false, disputeAnswered: p.disputeAnswered ?? false }, p.viewerId);
  return {
    _id: row.id,
    number: orderNumber(row),
    serviceId: row.serviceId,
    title: row.title,
    image: row.image,
    price: money(row.price),
    unitPrice: money(row.unitPrice),
    quantity: row.quantity,
    unitOrArch: row.unitOrArch,
    currency: row.currency,
    status: row.status,
    buyerID: toUserRef(p.buyer),
    sellerID: toUserRef(p.seller),
    isSeller,
    teeth: row.teeth,
    prescription: prescriptionOf(row),
    dueBy: dueByOf(row),
    revisionsIncluded: row.revisionsIncluded,
    revisionsUsed: row.revisionsUsed,
    deliveryDays: row.deliveryDays,
    paidAt: row.paidAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    // The attempt a "Pay" button continues: only to whom the policy gives `pay`.
    paymentId: actions.includes('pay') ? p.paymentId : null,
    autoCompleteAt:
      row.status === 'delivered' && row.deliveredAt ? new Date(row.deliveredAt.getTime() + AUTO_COMPLETE_DAYS * DAY_MS).toISOString() : null,
    actions,
    dueAt: row.dueAt?.toISOString() ?? null,
    late: isLate(row),
    // Every change of an order sets updated_at (transitions, payment, extensions).
    lastActivityAt: row.updatedAt.toISOString(),
    extension: row.extensionDays !== null ? { days: row.extensionDays, reason: row.extensionReason ?? '' } : null,
    refundOffer: row.refundOfferAmount === null ? null : { amount: money(row.refundOfferAmount), note: row.refundOfferNote ?? '' },
    tier: row.tier,
    extraRevisionPrice: row.extraRevisionPrice === null ? null : money(row.extraRevisionPrice),
    waitingForScans: row.waitingForScans,
    rescanReason: row.waitingForScans ? row.rescanReason : null,
    dueRemainingMs: row.waitingForScans ? row.dueRemainingMs : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOrderFileJson(row: OrderFileRow): OrderFileJson {
  return {
    _id: row.id,
    name: row.name,
    size: row.size,
    kind: row.kind,
    url: row.orderId ? `/api/orders/${row.orderId}/files/${row.id}` : null,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    // Scan check (ADR 0026): a file of a delivery is a design, expected closed.
    analysis: toAnalysisJson({ kind: row.kind, name: row.name, analysis: row.analysis, design: row.eventId !== null }),
  };
}

export function toReviewJson(row: ReviewRow, buyer: Person, serviceTitle: string): ReviewJson {
  return {
    _id: row.id,
    orderId: row.orderId,
    serviceId: row.serviceId,
    serviceTitle,
    star: row.star,
    desc: row.desc,
    buyer: toUserRef(buyer),
    sellerId: row.sellerId,
    reply: row.replyText !== null && row.repliedAt ? { text: row.replyText, createdAt: row.repliedAt.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDisputeJson(row: DisputeRow, currency: string): DisputeJson {
  const money = (minor: number | null) => (minor === null ? null : fromMinor(minor, currency));
  return {
    reason: row.reason,
    statement: row.statement,
    response: row.response,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    status: row.status,
    outcome: row.outcome,
    buyerAmount: money(row.buyerAmount),
    designerAmount: money(row.designerAmount),
    fee: money(row.fee),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One step of the order's history, with the files delivered and the pins placed in it. */
export function toOrderEventJson(e: OrderEventRow, actor: Person | null, files: OrderFileRow[], pins: OrderPinJson[]): OrderEventJson {
  return {
    _id: e.id,
    type: e.type,
    actor: actor ? toUserRef(actor) : null,
    note: e.note,
    files: files.map(toOrderFileJson),
    units: e.units ?? [],
    pins,
    checklist: e.checklist ?? [],
    approvedFiles: e.approvedFiles ?? [],
    days: e.days,
    createdAt: e.createdAt.toISOString(),
  };
}
