import { z } from 'zod';
import { EXPERIENCE_OPTIONS, SPECIALIZATIONS } from '../constants.js';
import { hasBidiControls, hasControlCharacters, line, optionalMediaUrl, requiredText } from './fields.js';
import { errorCode } from '../error-code.js';

export const NOT_YOUR_PROFILE = 'You are not authorized to edit this profile.';
/** The longest designer description (the profile's About). */
export const PROFILE_DESCRIPTION_MAX = 2000;
export const CAD_SOFTWARE = ['exocad', '3Shape', 'Dental Wings', 'Blender for Dental', 'inLab'] as const;

/** Specializations as a list; a comma-separated string is accepted too (older clients send a string). */
const specializations = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.enum(SPECIALIZATIONS, { error: errorCode('SPECIALIZATION_UNKNOWN') }), { error: errorCode('FILL_IN_ROLE') })
    .min(1, errorCode('FILL_IN_ROLE'))
    .max(SPECIALIZATIONS.length)
    .transform((list) => [...new Set(list)]),
);

const experience = z.enum(EXPERIENCE_OPTIONS, { error: errorCode('FILL_IN_EXPERIENCE') });

// A link that shows one address and opens another is refused, direction controls included (ADR 0023).
const website = z
  .union([z.literal(''), z.null(), z.url({ protocol: /^https?$/, error: errorCode('WEBSITE_INVALID') }).max(300).refine((v) => !hasControlCharacters(v) && !hasBidiControls(v), errorCode('WEBSITE_INVALID'))])
  .optional()
  .transform((v) => v || null);

const software = z
  .array(line().min(1).max(40), { error: errorCode('CAD_SOFTWARE_LIST') })
  .max(10)
  .optional()
  .transform((v) => (v ? [...new Set(v)] : undefined));

/** `/designers/create`: completing it makes the user a designer (docs/product.md §4.5). */
export const designerProfileSchema = z.object({
  role: specializations,
  experience,
  description: requiredText(PROFILE_DESCRIPTION_MAX, { missing: 'FILL_IN_DESCRIPTION', tooLong: 'PROFILE_DESCRIPTION_TOO_LONG' }, { multiLine: true }),
  website,
  wallpaper: optionalMediaUrl,
  software,
  isDesigner: z.literal(true).optional(),
});
export type DesignerProfileInput = z.input<typeof designerProfileSchema>;

/** In-place profile edits by the owner: any subset of the fields. */
export const profileEditSchema = z
  .object({
    role: specializations.optional(),
    experience: experience.optional(),
    description: requiredText(PROFILE_DESCRIPTION_MAX, { missing: 'FILL_IN_DESCRIPTION', tooLong: 'PROFILE_DESCRIPTION_TOO_LONG' }, { multiLine: true }).optional(),
    website,
    wallpaper: optionalMediaUrl,
    image: optionalMediaUrl,
    software,
  })
  .strict();
export type ProfileEditInput = z.input<typeof profileEditSchema>;
