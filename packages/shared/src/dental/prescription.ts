import { z } from 'zod';
import { westernDigitsOf } from '../digits.js';
import { line, text } from '../schemas/fields.js';
import { ORDER_MAX_UNITS, ORDER_REQUIREMENTS_MAX, isFdiTooth } from '../schemas/order-limits.js';
import { errorCode } from '../error-code.js';
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
  normalizeShade,
} from './catalogue.js';
import type { PrescriptionIssue, PrescriptionIssueCode } from './messages.js';
import { prescriptionRuleIssues } from './rules.js';

/**
 * The dental prescription of an order (decision 0025): what to design, tooth by tooth, and how.
 * Field errors come from the field schemas; the rules between fields (bridges, shades, implant fields, the
 * pontic shape) from `prescriptionRuleIssues`, each reported at its own path with a sentence naming the tooth
 * and its rule code in the issue's `params.code`. Zod skips the rules when a field has the wrong type (a
 * restoration it does not know); after a failed field check (tooth 19) they run, and that field's path keeps
 * only its own message.
 */

const oneOf = (what: string, values: readonly string[]) => ({ error: `Choose the ${what} from: ${values.join(', ')}.` });
const number = (what: string, { min, max }: { min: number; max: number }, unit: string) => {
  const message = `The ${what} is ${min} to ${max} ${unit}.`;
  return z.number({ error: message }).min(min, message).max(max, message);
};
const uniqueList = <T>(list: T[]) => [...new Set(list)];

export const implantSchema = z.object({
  /** The implant maker and line, e.g. "Straumann BLX". */
  system: line().max(IMPLANT_TEXT_MAX, `The implant system is at most ${IMPLANT_TEXT_MAX} characters.`).default(''),
  /** The connection size, e.g. "RB" or "4.1 mm". */
  platform: line().max(IMPLANT_TEXT_MAX, `The implant platform is at most ${IMPLANT_TEXT_MAX} characters.`).default(''),
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
    .max(10, 'A shade code is at most 10 characters.')
    .transform((shade) => normalizeShade(shade) || undefined)
    .optional(),
  /** Only on implant crowns and custom abutments, and required there. */
  implant: implantSchema.optional(),
});

export const designSchema = z.object({
  cementGapMicrons: number('cement gap', DESIGN_LIMITS.cementGapMicrons, 'micrometres')
    .int('The cement gap is a whole number of micrometres.')
    .default(DEFAULT_DESIGN.cementGapMicrons),
  extraCementGapMicrons: number('extra cement gap', DESIGN_LIMITS.extraCementGapMicrons, 'micrometres')
    .int('The extra cement gap is a whole number of micrometres.')
    .default(DEFAULT_DESIGN.extraCementGapMicrons),
  distanceToMarginMm: number('distance to the margin', DESIGN_LIMITS.distanceToMarginMm, 'mm').default(DEFAULT_DESIGN.distanceToMarginMm),
  /** No default: absent, the designer's settings for the material apply (see `typicalMinThicknessMm`). */
  minThicknessMm: number('minimum thickness', DESIGN_LIMITS.minThicknessMm, 'mm').optional(),
  contactStrength: z.enum(CONTACT_STRENGTHS, oneOf('contact strength', CONTACT_STRENGTHS)).default(DEFAULT_DESIGN.contactStrength),
  occlusion: z.enum(OCCLUSIONS, oneOf('occlusion', OCCLUSIONS)).default(DEFAULT_DESIGN.occlusion),
  /** Required when there is a pontic, refused otherwise (PONTIC_TYPE_MISSING, PONTIC_TYPE_NOT_ALLOWED). */
  ponticType: z.enum(PONTIC_TYPES, oneOf('pontic shape', PONTIC_TYPES)).optional(),
  outputFormats: z
    .array(z.enum(OUTPUT_FORMATS, { error: errorCode('CAPABILITY_FORMATS') }))
    .min(1, 'Please choose at least one file format.')
    .max(OUTPUT_FORMATS.length)
    .transform(uniqueList)
    .default([...DEFAULT_DESIGN.outputFormats]),
});

const DUE_BY_MESSAGE = 'Please give the due date as a date (YYYY-MM-DD).';

export const prescriptionSchema = z
  .object({
    /** One line per tooth. Empty for services that are not per tooth (a night guard is priced per arch). */
    units: z.array(prescriptionUnitSchema, { error: errorCode('ORDER_BAD_TOOTH') }).max(ORDER_MAX_UNITS, errorCode('ORDER_TOO_MANY_UNITS')).default([]),
    design: designSchema.prefault({}),
    /** The lab's or clinic's own reference for the case, never the patient's name (DENTAL.md "Privacy"). */
    caseRef: line().max(CASE_REF_MAX, `The case reference is at most ${CASE_REF_MAX} characters.`).default(''),
    /** When the buyer needs the design, if they say; `checkDueBy` holds it to the service's delivery time. */
    dueBy: z
      .preprocess(westernDigitsOf, z.union([z.iso.date({ error: DUE_BY_MESSAGE }), z.literal(''), z.null()], { error: DUE_BY_MESSAGE }))
      .optional()
      .transform((date) => date || undefined),
    /** Free text: body and incisal shades, a stump shade, anything the fields do not say (the order's former requirements). */
    notes: text().max(ORDER_REQUIREMENTS_MAX, `The notes are at most ${ORDER_REQUIREMENTS_MAX} characters.`).default(''),
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

/** A rule issue as a zod custom issue (for `ctx.addIssue`), its code in `params.code`. */
export function toZodIssue(issue: PrescriptionIssue) {
  return {
  code: 'custom' as const,
  path: pathSegments(issue.path),
  message: issue.message,
  params: { code: issue.code, ...issue.params },
  };
}

/** The role a buyer gives a case file (`guessFileRole` suggests one). */
export const fileRoleSchema = z.enum(FILE_ROLES, oneOf('file role', FILE_ROLES));
/** A case file of an order with its role: an id answered by `POST /api/order-files`. */
export const caseFileRoleInput = z.object({ id: z.uuid({ error: errorCode('ORDER_FILE_NOT_YOURS') }), role: fileRoleSchema.default('other') });
