import { z } from 'zod';
import { checklistInput, pinsInput } from './review-pins.js';
import { MATERIALS, SHADE_TEXT_MAX, isShade, normalizeShade } from '../dental/catalogue.js';
import { designSchema, fileRoleSchema, prescriptionSchema, type PrescriptionDesign } from '../dental/prescription.js';
import { ERRORS } from '../error-codes.js';
import { line, numeric, text } from './fields.js';
import { ORDER_MAX_FILES, ORDER_MAX_UNITS, ORDER_NOTE_MAX, ORDER_REQUIREMENTS_MAX, isFdiTooth } from './order-limits.js';
import { tierSchema } from './turnaround.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

/**
 * The API side of the dental prescription (ADR 0025, docs/decisions/0028): the payment intent that
 * places an order with its prescription, the quote the order form shows before it, case file roles, revision
 * requests that point at teeth, and the buyer's saved presets. Here rather than in ./orders.ts because the
 * prescription schema reads that module's limits.
 */

export const PRESCRIPTION_API_MESSAGES = {
  quantityMismatch: (quantity: number, unitOrArch: 'unit' | 'arch') =>
    unitOrArch === 'unit'
      ? `This prescription has ${quantity} ${quantity === 1 ? 'unit' : 'units'}, so the quantity is ${quantity}.`
      : `This prescription covers ${quantity} ${quantity === 1 ? 'arch' : 'arches'}, so the quantity is ${quantity}.`,
  revisionUnit: (tooth: number) => `Tooth ${tooth} is not in this order's prescription.`,
  presetNotFound: ERRORS.PRESET_NOT_FOUND.message,
  presetLimit: (max: number) => `You can save at most ${max} presets. Delete one first.`,
  presetNameTaken: ERRORS.PRESET_NAME_TAKEN.message,
  roleLocked: ERRORS.ORDER_FILE_ROLE_LOCKED.message,
  fileNotFound: ERRORS.CASE_FILE_NOT_FOUND.message,
} as const;

const uuid = z.uuid({ error: errorCode('ITEM_NOT_FOUND') });
const note = (max: number, tooLong: ErrorCode) => text().max(max, tooLong);

/** A case file attached to an order: its id (keeping the role guessed at upload), or `{ id, role }` to set the role. */
export const intentAttachment = z.union([z.uuid(errorCode('ORDER_FILE_NOT_YOURS')), z.object({ id: z.uuid(errorCode('ORDER_FILE_NOT_YOURS')), role: fileRoleSchema.optional() })], {
  error: errorCode('ORDER_FILE_NOT_YOURS'),
});

/**
 * `POST /api/payments/intents {type: 'service'}` and `POST /api/payments/quote`. With `prescription.units`,
 * the server derives the quantity from them (per unit: the number of units, pontics included; per arch: the
 * arches they touch) and a `quantity` sent beside them must equal it (else 400 on `quantity`); the teeth are
 * the units' teeth. Without units it is as before: per unit, the teeth picked (or `quantity`); per arch,
 * `quantity` (1 when absent, at most 2).
 */
export const serviceIntentInput = z.object({
  type: z.literal('service'),
  id: uuid,
  quantity: numeric(z
    .number({ error: errorCode('ORDER_QUANTITY') })
    .int(errorCode('ORDER_QUANTITY'))
    .min(1, errorCode('ORDER_QUANTITY'))
    .max(ORDER_MAX_UNITS, errorCode('ORDER_TOO_MANY_UNITS')))
    .optional(),
  teeth: z
    .array(z.number({ error: errorCode('ORDER_BAD_TOOTH') }).int(errorCode('ORDER_BAD_TOOTH')).refine(isFdiTooth, errorCode('ORDER_BAD_TOOTH')), { error: errorCode('ORDER_BAD_TOOTH') })
    .max(ORDER_MAX_UNITS, errorCode('ORDER_TOO_MANY_UNITS'))
    .optional()
    .default([]),
  /** The former free text; with a prescription, its `notes` take its place. */
  requirements: note(ORDER_REQUIREMENTS_MAX, 'ORDER_REQUIREMENTS_TOO_LONG').optional().default(''),
  prescription: prescriptionSchema.optional(),
  /**
   * One of the caller's presets: its design block replaces `prescription.design` (the pontic shape stays the
   * prescription's). Someone else's or an unknown preset is a 404 on `presetId`.
   */
  presetId: z.uuid(errorCode('PRESET_NOT_FOUND')).optional(),
  /** Ids answered by `POST /api/order-files`, or `{ id, role }`. */
  attachments: z.array(intentAttachment).max(ORDER_MAX_FILES, errorCode('ORDER_TOO_MANY_FILES')).optional().default([]),
  /** The turnaround (docs/decisions/0041): `rush` or `standby` when the service offers it; the price and due date follow. */
  tier: tierSchema,
});
export type ServiceIntentInput = z.input<typeof serviceIntentInput>;
export const courseIntentInput = z.object({ type: z.literal('course'), id: uuid });
/** One revision beyond the included ones of a delivered order (docs/product.md §5.4): `id` is the order's. */
export const revisionIntentInput = z.object({ type: z.literal('revision'), id: z.uuid({ error: errorCode('ORDER_NOT_FOUND') }) });
export const paymentIntentInput = z.discriminatedUnion('type', [serviceIntentInput, courseIntentInput, revisionIntentInput], {
  error: errorCode('ITEM_NOT_FOUND'),
});
export type PaymentIntentInput = z.input<typeof paymentIntentInput>;

// What the quote answers (OrderQuoteJson) is in ../responses/payments.ts.

/** `PATCH /api/order-files/{id}`: the uploader corrects a case file's role while its order is unpaid. */
export const orderFileRoleInput = z.object({ role: fileRoleSchema });

/** `POST /api/orders/{id}/revision`: what should change, and optionally which teeth of the prescription. */
export const revisionInput = z
  .object({
    note: text({ error: errorCode('ORDER_REVISION_NEEDS_NOTE') }).max(ORDER_NOTE_MAX, errorCode('ORDER_NOTE_TOO_LONG')).optional().default(''),
    units: z
      .array(z.number({ error: errorCode('ORDER_BAD_TOOTH') }).int(errorCode('ORDER_BAD_TOOTH')), { error: errorCode('ORDER_BAD_TOOTH') })
      .max(ORDER_MAX_UNITS, errorCode('ORDER_TOO_MANY_UNITS'))
      .optional()
      .default([])
      .transform((teeth) => [...new Set(teeth)].sort((a, b) => a - b)),
    /** Points on the order's meshes with what should change there (ADR 0037). */
    pins: pinsInput,
    /** The case review's checklist items marked "change", by code (docs/decisions/0059). */
    checklist: checklistInput,
  })
  // A note says what should change; pins and checklist items say it too.
  .superRefine((input, issues) => {
    if (!input.note && input.pins.length === 0 && input.checklist.length === 0)
      issues.addIssue({ code: 'custom', path: ['note'], message: errorCode('ORDER_REVISION_NEEDS_NOTE') });
  });

// Saved presets (`/api/preferences`).
export const PRESET_MAX = 20;
export const PRESET_NAME_MAX = 60;

/** A preset's design: the prescription's design block without the pontic shape, which belongs to a case. */
export const presetDesignSchema = designSchema.omit({ ponticType: true });
export type PresetDesign = Omit<PrescriptionDesign, 'ponticType'>;

const presetName = line({ error: errorCode('PRESET_NAME') })
  .min(1, errorCode('PRESET_NAME'))
  .max(PRESET_NAME_MAX, errorCode('PRESET_NAME_TOO_LONG'));
const presetMaterial = z.enum(MATERIALS, { error: errorCode('MATERIAL_UNKNOWN') }).nullable();
/** A real shade code, stored as `normalizeShade` writes it; '' or null is none. */
const presetShade = z
  .union([line().max(SHADE_TEXT_MAX, errorCode('PRESET_SHADE')), z.null()])
  .transform((shade) => (shade ? normalizeShade(shade) : null))
  .refine((shade) => shade === null || isShade(shade), errorCode('PRESET_SHADE'));

/** `POST /api/preferences`. `isDefault: true` makes it the default (the former default stops being one). */
export const presetInput = z.object({
  name: presetName,
  design: presetDesignSchema.prefault({}),
  material: presetMaterial.optional().default(null),
  shade: presetShade.optional().default(null),
  isDefault: z.boolean().optional().default(false),
});
export type PresetInput = z.input<typeof presetInput>;

/** `PATCH /api/preferences/{id}`: any of the fields; `design` replaces the whole block (defaults fill what it leaves out). */
export const presetUpdateInput = z
  .object({
    name: presetName.optional(),
    design: presetDesignSchema.optional(),
    material: presetMaterial.optional(),
    shade: presetShade.optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();
export type PresetUpdateInput = z.input<typeof presetUpdateInput>;

// A saved preset as the server answers it (PresetJson) is in ../responses/preferences.ts.
