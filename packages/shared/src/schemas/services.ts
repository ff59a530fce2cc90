import { z } from 'zod';
import { SERVICE_SORTS, SERVICE_TAGS } from '../constants.js';
import { MATERIALS, OUTPUT_FORMATS, PROJECT_FORMAT_SOFTWARE, RESTORATIONS, SOFTWARE, type Material, type OutputFormat, type Restoration, type Software } from '../dental/catalogue.js';
import { prescriptionIssue } from '../dental/messages.js';
import { NO_TURNAROUND, turnaroundIssues, turnaroundSchema, TURNAROUND_MESSAGES } from './turnaround.js';
import { mediaUrl, numeric, optionalMediaUrl, pageLimit, pageOffset, price, PRICE_MAX, requiredText, searchText } from './fields.js';

export const SELECT_A_TAG = 'Please select at least one tag.';
export const UNIT_OR_ARCH = ['unit', 'arch'] as const;

const tags = z
  .array(z.enum(SERVICE_TAGS, { error: `Choose tags from: ${SERVICE_TAGS.join(', ')}.` }), { error: SELECT_A_TAG })
  .min(1, SELECT_A_TAG)
  .max(SERVICE_TAGS.length)
  .transform((list) => [...new Set(list)]);

/**
 * What a service designs (ADR 0025 "Files and services"): the same lists and sentences as
 * `serviceCapabilitiesSchema`. A service made without them gets `DEFAULT_CAPABILITIES`, the values migration
 * 0009 gave services that had none (docs/decisions/0028).
 */
const capabilityList = <T extends string>(values: readonly [T, ...T[]], what: string, min: number) =>
  z
    .array(z.enum(values, { error: `Choose the ${what} from: ${values.join(', ')}.` }), { error: `Choose the ${what} from: ${values.join(', ')}.` })
    .min(min, `Please choose at least one of the ${what}.`)
    .max(values.length)
    .transform((items) => [...new Set(items)]);
export const DEFAULT_CAPABILITIES: { restorations: Restoration[]; materials: Material[]; software: Software[]; outputFormats: OutputFormat[] } = {
  restorations: ['crown'],
  materials: ['zirconia_monolithic'],
  software: [],
  outputFormats: ['stl'],
};
const capabilityFields = {
  restorations: capabilityList(RESTORATIONS, 'restorations', 1),
  materials: capabilityList(MATERIALS, 'materials', 1),
  software: capabilityList(SOFTWARE, 'software', 0),
  outputFormats: capabilityList(OUTPUT_FORMATS, 'file formats', 1),
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
  .number({ error: TURNAROUND_MESSAGES.extraRevisionPrice })
  .min(0.01, TURNAROUND_MESSAGES.extraRevisionPrice)
  .max(PRICE_MAX, TURNAROUND_MESSAGES.extraRevisionPrice)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, TURNAROUND_MESSAGES.extraRevisionPrice));

const serviceFields = {
  tags,
  title: requiredText('title', 120),
  description: requiredText('description', 5000, { multiLine: true }),
  toothPrice: price('toothPrice'),
  unitOrArch: z.enum(UNIT_OR_ARCH, { error: 'Choose Unit or Arch.' }).default('unit'),
  crownPrice: z.union([price('crownPrice'), z.null()]).optional(),
  deliveryTime: numeric(z.number().int('Delivery time is a whole number of days.').min(1, 'Delivery takes at least 1 day.').max(90, 'Delivery takes at most 90 days.')).default(1),
  revisions: numeric(z.number().int('Revisions is a whole number.').min(0, 'Revisions cannot be negative.').max(20, 'At most 20 revisions.')).default(1),
  cover: optionalMediaUrl,
  images: z.array(mediaUrl).max(8, 'At most 8 extra images.').default([]),
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
    ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message, params: { code: issue.code } });
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
    unitOrArch: z.enum(UNIT_OR_ARCH).optional(),
    crownPrice: serviceFields.crownPrice,
    deliveryTime: numeric(z.number().int().min(1).max(90)).optional(),
    revisions: numeric(z.number().int().min(0).max(20)).optional(),
    cover: optionalMediaUrl,
    images: z.array(mediaUrl).max(8).optional(),
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
  userId: z.uuid('userId must be a user id.').optional(),
  /** Services that design this restoration, in this material, in this CAD software (docs/product.md §7.3). */
  restoration: z.enum(RESTORATIONS, { error: `Choose the restoration from: ${RESTORATIONS.join(', ')}.` }).optional(),
  material: z.enum(MATERIALS, { error: `Choose the material from: ${MATERIALS.join(', ')}.` }).optional(),
  software: z.enum(SOFTWARE, { error: `Choose the software from: ${SOFTWARE.join(', ')}.` }).optional(),
  limit: pageLimit(24),
  offset: pageOffset,
});
export type ServiceListQuery = z.output<typeof serviceListQuery>;

// ServiceJson and ServiceDetailJson: derived from the response schemas in ../responses/services.ts.
