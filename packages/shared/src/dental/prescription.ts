import { z } from 'zod';
import { westernDigitsOf } from '../digits.js';
import { line, text } from '../schemas/fields.js';
import { ORDER_MAX_UNITS, ORDER_REQUIREMENTS_MAX, isFdiTooth } from '../schemas/order-limits.js';
import { errorCode } from '../error-code.js';
import type { ErrorCode } from '../error-codes.js';
import {
  CASE_REF_MAX,
  CONTACT_STRENGTHS,
  DEFAULT_DESIGN,
  DESIGN_LIMITS,
  FILE_ROLES,
  IMPLANT_TEXT_MAX,
  MATERIALS,
  OCCLUSIONS,
  OUTPUT_FORMATS,
  PONTIC_TYPES,
  RESTORATIONS,
  SHADE_TEXT_MAX,
  normalizeShade,
} from './catalogue.js';
import type { PrescriptionIssue, PrescriptionIssueCode } from './messages.js';
import { prescriptionRuleIssues } from './rules.js';

/**
 * The dental prescription of an order (decision 0025): what to design, tooth by tooth, and how.
 * Field errors come from the field schemas; the rules between fields (bridges, shades, implant fields, the
 * pontic shape) from `prescriptionRuleIssues`, each reported at its own path; every message is a code of ERRORS
 * (a rule's is its rule code, its parameters in the issue's `params`: `sentenceOf` names the tooth). Zod skips the rules when a field has the wrong type (a
 * restoration it does not know); after a failed field check (tooth 19) they run, and that field's path keeps
 * only its own message.
 */

/** A design number within its limits; one code for a wrong type and either bound, as the sentence names both. */
const number = ({ min, max }: { min: number; max: number }, code: ErrorCode) => z.number({ error: code }).min(min, code).max(max, code);
const uniqueList = <T>(list: T[]) => [...new Set(list)];

export const implantSchema = z.object({
  /** The implant maker and line, e.g. "Straumann BLX". */
  system: line().max(IMPLANT_TEXT_MAX, errorCode('IMPLANT_SYSTEM_TOO_LONG')).default(''),
  /** The connection size, e.g. "RB" or "4.1 mm". */
  platform: line().max(IMPLANT_TEXT_MAX, errorCode('IMPLANT_PLATFORM_TOO_LONG')).default(''),
});

export const prescriptionUnitSchema = z.object({
  tooth: z.number({ error: errorCode('ORDER_BAD_TOOTH') }).int(errorCode('ORDER_BAD_TOOTH')).refine(isFdiTooth, errorCode('ORDER_BAD_TOOTH')),
  restoration: z.enum(RESTORATIONS, { error: errorCode('RESTORATION_UNKNOWN') }),
  material: z.enum(MATERIALS, { error: errorCode('MATERIAL_UNKNOWN') }),
  /**
   * A VITA classical, VITA 3D-Master or bleach code, stored as `normalizeShade` writes it ("a3,5" → "A3.5").
   * Checked by the rules (SHADE_UNKNOWN, SHADE_MISSING), so that the sentence can name the tooth; "" is none.
   */
  shade: line()
    .max(SHADE_TEXT_MAX, errorCode('SHADE_TOO_LONG'))
    .transform((shade) => normalizeShade(shade) || undefined)
    .optional(),
  /** Only on implant crowns and custom abutments, and required there. */
  implant: implantSchema.optional(),
});

export const designSchema = z.object({
  cementGapMicrons: number(DESIGN_LIMITS.cementGapMicrons, errorCode('CEMENT_GAP_RANGE'))
    .int(errorCode('CEMENT_GAP_WHOLE'))
    .default(DEFAULT_DESIGN.cementGapMicrons),
  extraCementGapMicrons: number(DESIGN_LIMITS.extraCementGapMicrons, errorCode('EXTRA_CEMENT_GAP_RANGE'))
    .int(errorCode('EXTRA_CEMENT_GAP_WHOLE'))
    .default(DEFAULT_DESIGN.extraCementGapMicrons),
  distanceToMarginMm: number(DESIGN_LIMITS.distanceToMarginMm, errorCode('MARGIN_DISTANCE_RANGE')).default(DEFAULT_DESIGN.distanceToMarginMm),
  /** No default: absent, the designer's settings for the material apply (see `typicalMinThicknessMm`). */
  minThicknessMm: number(DESIGN_LIMITS.minThicknessMm, errorCode('MIN_THICKNESS_RANGE')).optional(),
  contactStrength: z.enum(CONTACT_STRENGTHS, { error: errorCode('CONTACT_STRENGTH_UNKNOWN') }).default(DEFAULT_DESIGN.contactStrength),
  occlusion: z.enum(OCCLUSIONS, { error: errorCode('OCCLUSION_UNKNOWN') }).default(DEFAULT_DESIGN.occlusion),
  /** Required when there is a pontic, refused otherwise (PONTIC_TYPE_MISSING, PONTIC_TYPE_NOT_ALLOWED). */
  ponticType: z.enum(PONTIC_TYPES, { error: errorCode('PONTIC_TYPE_UNKNOWN') }).optional(),
  outputFormats: z
    .array(z.enum(OUTPUT_FORMATS, { error: errorCode('CAPABILITY_FORMATS') }), { error: errorCode('CAPABILITY_FORMATS') })
    .min(1, errorCode('CAPABILITY_FORMATS_NONE'))
    // Longer than the list only by repeating a format.
    .max(OUTPUT_FORMATS.length, errorCode('CAPABILITY_FORMATS'))
    .transform(uniqueList)
    .default([...DEFAULT_DESIGN.outputFormats]),
});

export const prescriptionSchema = z
  .object({
    /** One line per tooth. Empty for services that are not per tooth (a night guard is priced per arch). */
    units: z.array(prescriptionUnitSchema, { error: errorCode('ORDER_BAD_TOOTH') }).max(ORDER_MAX_UNITS, errorCode('ORDER_TOO_MANY_UNITS')).default([]),
    design: designSchema.prefault({}),
    /** The lab's or clinic's own reference for the case, never the patient's name (DENTAL.md "Privacy"). */
    caseRef: line().max(CASE_REF_MAX, errorCode('CASE_REF_TOO_LONG')).default(''),
    /** When the buyer needs the design, if they say; `checkDueBy` holds it to the service's delivery time. */
    dueBy: z
      .preprocess(westernDigitsOf, z.union([z.iso.date({ error: errorCode('DUE_BY_INVALID') }), z.literal(''), z.null()], { error: errorCode('DUE_BY_INVALID') }))
      .optional()
      .transform((date) => date || undefined),
    /** Free text: body and incisal shades, a stump shade, anything the fields do not say (the order's former requirements). */
    notes: text().max(ORDER_REQUIREMENTS_MAX, errorCode('ORDER_REQUIREMENTS_TOO_LONG')).default(''),
  })
  .superRefine((prescription, ctx) => {
    // Zod runs this after a field's own check failed (a shade with a control character): that field keeps
    // its one message.
    const taken = ctx.issues.map((issue) => (issue.path ?? []).join('.'));
    for (const issue of prescriptionRuleIssues(prescription)) {
      if (!taken.some((path) => issue.path === path || issue.path.startsWith(`${path}.`))) ctx.addIssue(toZodIssue(issue));
    }
  });

export type PrescriptionInput = z.input<typeof prescriptionSchema>;
export type Prescription = z.output<typeof prescriptionSchema>;
export type PrescriptionUnit = z.output<typeof prescriptionUnitSchema>;
export type PrescriptionDesign = z.output<typeof designSchema>;
export type ImplantDetails = z.output<typeof implantSchema>;

/** `units.2.shade` → `['units', 2, 'shade']`, as zod writes paths. */
export const pathSegments = (path: string): Array<string | number> => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The rule code of a zod issue `prescriptionSchema` (or `serviceCapabilitiesSchema`) raised, if it is one. */
export function prescriptionIssueCode(issue: z.core.$ZodIssue): PrescriptionIssueCode | undefined {
  return issue.code === 'custom' ? (issue.params?.code as PrescriptionIssueCode | undefined) : undefined;
}

/**
 * A rule issue as a zod custom issue (for `ctx.addIssue`): its message the rule's code, a code of ERRORS like every
 * schema message (docs/decisions/0056); `params` holds the code again and the rule's parameters, from which
 * `sentenceOf(message, params)` writes the sentence naming the tooth.
 */
export function toZodIssue(issue: PrescriptionIssue) {
  return {
    code: 'custom' as const,
    path: pathSegments(issue.path),
    message: issue.code,
    params: { code: issue.code, ...issue.params },
  };
}

/** The role a buyer gives a case file (`guessFileRole` suggests one). */
export const fileRoleSchema = z.enum(FILE_ROLES, { error: errorCode('FILE_ROLE_UNKNOWN') });
/** A case file of an order with its role: an id answered by `POST /api/order-files`. */
export const caseFileRoleInput = z.object({ id: z.uuid({ error: errorCode('ORDER_FILE_NOT_YOURS') }), role: fileRoleSchema.default('other') });
