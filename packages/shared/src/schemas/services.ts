import { z } from 'zod';
import { SERVICE_SORTS, SERVICE_TAGS } from '../constants.js';
import { MATERIALS, OUTPUT_FORMATS, PROJECT_FORMAT_SOFTWARE, RESTORATIONS, SOFTWARE, type Material, type OutputFormat, type Restoration, type Software } from '../dental/catalogue.js';
import { prescriptionIssue } from '../dental/messages.js';
import { NO_TURNAROUND, turnaroundIssues, turnaroundSchema } from './turnaround.js';
import { mediaUrl, numeric, optionalMediaUrl, pageLimit, pageOffset, price, PRICE_MAX, requiredText, searchText } from './fields.js';
import { errorCode } from '../error-code.js';
import type { ErrorCodeName as ErrorCode } from '../error-code.js';

export const UNIT_OR_ARCH = ['unit', 'arch'] as const;

const tags = z
  .array(z.enum(SERVICE_TAGS, { error: errorCode('TAG_UNKNOWN') }), { error: errorCode('SELECT_TAG') })
  .min(1, errorCode('SELECT_TAG'))
  .max(SERVICE_TAGS.length)
  .transform((list) => [...new Set(list)]);

/**
 * What a service designs (ADR 0025 "Files and services"): the same lists and sentences as
 * `serviceCapabilitiesSchema`. A service made without them gets `DEFAULT_CAPABILITIES`, the values migration
 * 0009 gave services that had none (docs/decisions/0028).
 */
const capabilityList = <T extends string>(values: readonly [T, ...T[]], codes: { unknown: ErrorCode; none: ErrorCode }, min: number) =>
  z
    .array(z.enum(values, { error: codes.unknown }), { error: codes.unknown })
    .min(min, codes.none)
    .max(values.length, codes.unknown)
    .transform((items) => [...new Set(items)]);
export const DEFAULT_CAPABILITIES: { restorations: Restoration[]; materials: Material[]; software: Software[]; outputFormats: OutputFormat[] } = {
  restorations: ['crown'],
  materials: ['zirconia_monolithic'],
  software: [],
  outputFormats: ['stl'],
};
const capabilityFields = {
  restorations: capabilityList(RESTORATIONS, { unknown: 'CAPABILITY_RESTORATIONS', none: 'CAPABILITY_RESTORATIONS_NONE' }, 1),
  materials: capabilityList(MATERIALS, { unknown: 'CAPABILITY_MATERIALS', none: 'CAPABILITY_MATERIALS_NONE' }, 1),
  software: capabilityList(SOFTWARE, { unknown: 'CAPABILITY_SOFTWARE', none: 'CAPABILITY_SOFTWARE' }, 0),
  outputFormats: capabilityList(OUTPUT_FORMATS, { unknown: 'CAPABILITY_FORMATS', none: 'CAPABILITY_FORMATS_NONE' }, 1),
};

/**
 * CAPABILITY_PROJECT_NEEDS_SOFTWARE at `outputFormats.i` (exocad or 3Shape project files need that software),
 * for a service's whole capabilities: the create schema's refinement, and the server's check of an update
 * merged with what is stored.
 */
export function capabilitySoftwareIssues(capabilities: { outputFormats: readonly OutputFormat[]; software: readonly Software[] }) {
  return capabilities.outputFormats.flatMap((format, index) => {
    const software = PROJECT_FORMAT_SOFTWARE[format];
    return software && !capabilities.software.includes(software)
      ? [prescriptionIssue('CAPABILITY_PROJECT_NEEDS_SOFTWARE', `outputFormats.${index}`, { format, software })]
      : [];
  });
}

const extraRevisionPrice = numeric(z
  .number({ error: errorCode('EXTRA_REVISION_PRICE') })
  .min(0.01, errorCode('EXTRA_REVISION_PRICE'))
  .max(PRICE_MAX, errorCode('EXTRA_REVISION_PRICE'))
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, errorCode('EXTRA_REVISION_PRICE')));

const serviceFields = {
  tags,
  title: requiredText(120, { missing: 'FILL_IN_TITLE', tooLong: 'TITLE_TOO_LONG' }),
  description: requiredText(5000, { missing: 'FILL_IN_DESCRIPTION', tooLong: 'DESCRIPTION_TOO_LONG' }, { multiLine: true }),
  toothPrice: price({ missing: 'FILL_IN_PRICE', notAboveZero: 'PRICE_ABOVE_ZERO', tooHigh: 'PRICE_TOO_HIGH', decimals: 'PRICE_DECIMALS' }),
  unitOrArch: z.enum(UNIT_OR_ARCH, { error: errorCode('UNIT_OR_ARCH') }).default('unit'),
  crownPrice: z.union([price({ missing: 'FILL_IN_CROWN_PRICE', notAboveZero: 'CROWN_PRICE_ABOVE_ZERO', tooHigh: 'CROWN_PRICE_TOO_HIGH', decimals: 'CROWN_PRICE_DECIMALS' }), z.null()]).optional(),
  deliveryTime: numeric(z.number().int(errorCode('DELIVERY_WHOLE_DAYS')).min(1, errorCode('DELIVERY_MIN')).max(90, errorCode('DELIVERY_MAX'))).default(1),
  revisions: numeric(z.number().int(errorCode('REVISIONS_WHOLE')).min(0, errorCode('REVISIONS_MIN')).max(20, errorCode('REVISIONS_MAX'))).default(1),
  cover: optionalMediaUrl,
  images: z.array(mediaUrl).max(8, errorCode('TOO_MANY_IMAGES')).default([]),
  restorations: capabilityFields.restorations.default(DEFAULT_CAPABILITIES.restorations),
  materials: capabilityFields.materials.default(DEFAULT_CAPABILITIES.materials),
  software: capabilityFields.software.default(DEFAULT_CAPABILITIES.software),
  outputFormats: capabilityFields.outputFormats.default(DEFAULT_CAPABILITIES.outputFormats),
  /** Rush and standby tiers beside the standard delivery time (docs/decisions/0041). */
  turnaround: turnaroundSchema.optional(),
  /** The price of one revision beyond the included ones (major units); null: none sold. */
  extraRevisionPrice: z.union([extraRevisionPrice, z.null()]).optional(),
};

/** `POST /services` (docs/product.md §7.1). Prices are in the platform currency's major units. */
export const serviceCreateSchema = z.object(serviceFields).superRefine((service, ctx) => {
  for (const issue of capabilitySoftwareIssues(service)) {
    ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.code, params: { code: issue.code, ...issue.params } });
  }
  for (const issue of turnaroundIssues(service.deliveryTime, service.turnaround ?? NO_TURNAROUND)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
export type ServiceCreateInput = z.input<typeof serviceCreateSchema>;

/** `PATCH /services/{id}`: any subset, same rules. */
export const serviceUpdateSchema = z
  .object({
    tags: tags.optional(),
    title: serviceFields.title.optional(),
    description: serviceFields.description.optional(),
    toothPrice: serviceFields.toothPrice.optional(),
    unitOrArch: z.enum(UNIT_OR_ARCH, { error: errorCode('UNIT_OR_ARCH') }).optional(),
    crownPrice: serviceFields.crownPrice,
    deliveryTime: numeric(z.number().int(errorCode('DELIVERY_WHOLE_DAYS')).min(1, errorCode('DELIVERY_MIN')).max(90, errorCode('DELIVERY_MAX'))).optional(),
    revisions: numeric(z.number().int(errorCode('REVISIONS_WHOLE')).min(0, errorCode('REVISIONS_MIN')).max(20, errorCode('REVISIONS_MAX'))).optional(),
    cover: optionalMediaUrl,
    images: z.array(mediaUrl).max(8, errorCode('TOO_MANY_IMAGES')).optional(),
    restorations: capabilityFields.restorations.optional(),
    materials: capabilityFields.materials.optional(),
    software: capabilityFields.software.optional(),
    outputFormats: capabilityFields.outputFormats.optional(),
    turnaround: serviceFields.turnaround,
    extraRevisionPrice: serviceFields.extraRevisionPrice,
  })
  .strict();

/** A price bound of the list: '' is none; above the highest possible price it is a 400, as a negative one. */
const priceBound = z.preprocess((v) => (v === '' || v === undefined ? undefined : v), numeric(z.number().min(0).max(PRICE_MAX)).optional());

/**
 * Query of `GET /gigs` and `GET /services` (docs/product.md §7.3, §15.3). `min`/`max` are major units; `min` above `max` is
 * an empty range, so an empty list (ADR 0023). `sort=relevance` without a search is the default order.
 */
export const serviceListQuery = z.object({
  cat: z.enum(SERVICE_TAGS).optional(),
  tag: z.enum(SERVICE_TAGS).optional(),
  search: searchText,
  min: priceBound,
  max: priceBound,
  sort: z.enum(SERVICE_SORTS).optional(),
  userId: z.uuid(errorCode('USER_ID_INVALID')).optional(),
  /** Services that design this restoration, in this material, in this CAD software (docs/product.md §7.3). */
  restoration: z.enum(RESTORATIONS, { error: errorCode('RESTORATION_UNKNOWN') }).optional(),
  material: z.enum(MATERIALS, { error: errorCode('MATERIAL_UNKNOWN') }).optional(),
  software: z.enum(SOFTWARE, { error: errorCode('SOFTWARE_UNKNOWN') }).optional(),
  limit: pageLimit(24),
  offset: pageOffset,
});
export type ServiceListQuery = z.output<typeof serviceListQuery>;

// ServiceJson and ServiceDetailJson: derived from the response schemas in ../responses/services.ts.
