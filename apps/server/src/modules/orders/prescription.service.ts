import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  capabilityMismatches,
  checkDueBy,
  earliestDueDate,
  fromMinor,
  guessFileRoles,
  ORDER_MAX_ARCHES,
  PRESCRIPTION_API_MESSAGES,
  prescriptionQuantity,
  prescriptionSchema,
  type FileRole,
  type LineItemJson,
  type OrderQuoteJson,
  type Prescription,
  type PrescriptionIssue,
  type serviceIntentInput,
  offersTier,
  tierAdjustment,
  tierDays,
  type TurnaroundTier,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { orderFiles, type ServiceRow } from '../../db/schema/index.js';
import { validationError, type FieldIssue } from '../../errors.js';
import { presetForUse } from '../preferences/index.js';
import { turnaroundOf } from '../listings/index.js';
import type { Tx } from '../ledger/index.js';

/**
 * What an order of a service costs and says (docs/decisions/0028), from the intent's body: the
 * prescription checked against the service (capabilities, due date), the quantity derived from its units,
 * the teeth, the price. The intent and the quote both use it, so the form shows the figure the order gets.
 */
export interface PricedOrder {
  prescription: Prescription;
  quantity: number;
  teeth: number[];
  requirements: string;
  unitPrice: number;
  price: number;
  /** The turnaround (docs/decisions/0041): its days, and its surcharge (+) or discount (−) already in `price`. */
  tier: TurnaroundTier;
  deliveryDays: number;
  tierAdjustment: number;
}

type IntentInput = z.output<typeof serviceIntentInput>;
type PricedService = Pick<
  ServiceRow,
  'id' | 'title' | 'unitOrArch' | 'toothPrice' | 'deliveryTime' | 'restorations' | 'materials' | 'outputFormats' | 'rushDays' | 'rushSurchargePercent' | 'standbyDays' | 'standbyDiscountPercent'
>;

const at = (prefix: string, issue: PrescriptionIssue): FieldIssue => ({ path: `${prefix}${issue.path}`.split('.'), message: issue.message, fieldCode: issue.code });

export async function priceOrder(ctx: AppContext, userId: string, service: PricedService, input: IntentInput, now = new Date()): Promise<PricedOrder> {
  const issues: FieldIssue[] = [];
  let prescription = input.prescription ?? prescriptionSchema.parse({ notes: input.requirements });

  if (input.presetId) {
    // A preset's design replaces the prescription's; the pontic shape belongs to this case and stays.
    const preset = await presetForUse(ctx, userId, input.presetId);
    const parsed = prescriptionSchema.safeParse({ ...prescription, design: { ...preset.design, ponticType: prescription.design.ponticType } });
    if (!parsed.success) {
      throw validationError(
        parsed.error.issues.map((issue) => ({ path: ['prescription', ...issue.path.map(String)], message: issue.message, params: issue.code === 'custom' ? issue.params : undefined })),
      );
    }
    prescription = parsed.data;
  }
  if (!prescription.notes && input.requirements) prescription = { ...prescription, notes: input.requirements };

  // The turnaround (docs/decisions/0041): one the service offers; its days are what the due date is checked against.
  const turnaround = turnaroundOf(service);
  if (!offersTier(turnaround, input.tier)) issues.push({ path: ['tier'], message: 'TURNAROUND_NOT_OFFERED' });
  const deliveryDays = tierDays(service.deliveryTime, turnaround, input.tier);
  for (const issue of capabilityMismatches(prescription, service)) issues.push(at('prescription.', issue));
  const tooEarly = checkDueBy(prescription.dueBy, now, deliveryDays);
  if (tooEarly) issues.push(at('prescription.', tooEarly));

  let quantity: number;
  let teeth: number[];
  if (prescription.units.length > 0) {
    // The units decide: per unit their number (pontics count), per arch the arches they touch.
    quantity = prescriptionQuantity(prescription.units, service.unitOrArch);
    teeth = prescription.units.map((unit) => unit.tooth).sort((a, b) => a - b);
    if (input.quantity !== undefined && input.quantity !== quantity) {
      issues.push({ path: ['quantity'], message: PRESCRIPTION_API_MESSAGES.quantityMismatch(quantity, service.unitOrArch), fieldCode: 'ORDER_QUANTITY_MISMATCH' });
    }
  } else {
    // No units (a night guard per arch, or a client that sends teeth): quantity and teeth as the buyer gives them (docs/product.md §5.1).
    teeth = [...new Set(input.teeth)].sort((a, b) => a - b);
    const fromTeeth = service.unitOrArch === 'unit' && teeth.length > 0 ? teeth.length : undefined;
    quantity = fromTeeth ?? input.quantity ?? (service.unitOrArch === 'arch' ? 1 : 0);
    if (quantity < 1) issues.push({ path: ['quantity'], message: 'ORDER_QUANTITY' });
  }
  if (service.unitOrArch === 'arch' && quantity > ORDER_MAX_ARCHES) issues.push({ path: ['quantity'], message: 'ORDER_TOO_MANY_UNITS' });
  if (issues.length) throw validationError(issues);

  const base = service.toothPrice * quantity;
  const adjustment = tierAdjustment(base, turnaround, input.tier);
  return {
    prescription,
    quantity,
    teeth,
    requirements: prescription.notes,
    unitPrice: service.toothPrice,
    price: base + adjustment,
    tier: input.tier,
    deliveryDays,
    tierAdjustment: adjustment,
  };
}

/** What a payment or a quote lists: the item, then the tier's surcharge or discount (docs/decisions/0041), adding up to the total. */
export function lineItemsOf(
  item: { title: string; unitOrArch: 'unit' | 'arch' | null; unitPrice: number; quantity: number; tier?: TurnaroundTier; tierAdjustment?: number; tierPercent?: number },
  currency: string,
): LineItemJson[] {
  const lines: LineItemJson[] = [
    {
      description: item.title,
      unitOrArch: item.unitOrArch,
      unitPrice: fromMinor(item.unitPrice, currency),
      quantity: item.quantity,
      total: fromMinor(item.unitPrice * item.quantity, currency),
    },
  ];
  if (item.tierAdjustment && item.tier && item.tier !== 'standard') {
    const amount = fromMinor(item.tierAdjustment, currency);
    const label = item.tier === 'rush' ? 'Rush delivery' : 'Standby delivery';
    lines.push({ description: `${label} (${item.tierAdjustment > 0 ? '+' : '−'}${item.tierPercent ?? 0}%)`, unitOrArch: null, unitPrice: amount, quantity: 1, total: amount, kind: item.tier, percent: item.tierPercent ?? 0 });
  }
  return lines;
}

/** The tier's percent of the service as priced (for the line that names it). */
export function tierPercentOf(service: PricedService, tier: TurnaroundTier): number {
  const turnaround = turnaroundOf(service);
  return tier === 'rush' ? (turnaround.rush?.surchargePercent ?? 0) : tier === 'standby' ? (turnaround.standby?.discountPercent ?? 0) : 0;
}

export function toQuoteJson(service: PricedService, priced: PricedOrder, currency: string, now = new Date()): OrderQuoteJson {
  return {
    serviceId: service.id,
    unitOrArch: service.unitOrArch,
    quantity: priced.quantity,
    unitPrice: fromMinor(priced.unitPrice, currency),
    total: fromMinor(priced.price, currency),
    currency,
    lineItems: lineItemsOf(
      { title: service.title, unitOrArch: service.unitOrArch, unitPrice: priced.unitPrice, quantity: priced.quantity, tier: priced.tier, tierAdjustment: priced.tierAdjustment, tierPercent: tierPercentOf(service, priced.tier) },
      currency,
    ),
    teeth: priced.teeth,
    earliestDueBy: earliestDueDate(now, priced.deliveryDays),
    tier: priced.tier,
    deliveryDays: priced.deliveryDays,
  };
}

/**
 * After the order claimed its case files: the roles the buyer set, and for the others a second guess from
 * all the case's names together (an "antagonist" beside one jaw), only where the upload's guess was `other`.
 */
export async function applyFileRoles(tx: Tx, orderId: string, attachments: IntentInput['attachments']) {
  if (attachments.length === 0) return;
  const chosen = new Map<string, FileRole>();
  for (const a of attachments) if (typeof a !== 'string' && a.role) chosen.set(a.id, a.role);
  const files = await tx.select({ id: orderFiles.id, name: orderFiles.name, role: orderFiles.role }).from(orderFiles).where(eq(orderFiles.orderId, orderId));
  const guesses = guessFileRoles(files.map((file) => file.name));
  for (const [i, file] of files.entries()) {
    const role = chosen.get(file.id) ?? (file.role === 'other' ? guesses[i]! : file.role);
    if (role !== file.role) await tx.update(orderFiles).set({ role }).where(eq(orderFiles.id, file.id));
  }
}

