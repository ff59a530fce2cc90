import { z } from 'zod';
import { EXPERIENCE_OPTIONS, SPECIALIZATIONS } from '../constants.js';
import { fillInField, hasBidiControls, hasControlCharacters, line, optionalMediaUrl, requiredText } from './fields.js';

export const NOT_YOUR_PROFILE = 'You are not authorized to edit this profile.';
export const WEBSITE_MESSAGE = 'Please enter a valid website address, such as https://example.com.';
export const CAD_SOFTWARE = ['exocad', '3Shape', 'Dental Wings', 'Blender for Dental', 'inLab'] as const;

/** Specializations as a list; a comma-separated string is accepted too (older clients send a string). */
const specializations = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.enum(SPECIALIZATIONS, { error: `Choose from: ${SPECIALIZATIONS.join(', ')}.` }), { error: fillInField('role') })
    .min(1, fillInField('role'))
    .max(SPECIALIZATIONS.length)
    .transform((list) => [...new Set(list)]),
);

const experience = z.enum(EXPERIENCE_OPTIONS, { error: fillInField('experience') });

// A link that shows one address and opens another is refused, direction controls included (ADR 0023).
const website = z
  .union([z.literal(''), z.null(), z.url({ protocol: /^https?$/, error: WEBSITE_MESSAGE }).max(300).refine((v) => !hasControlCharacters(v) && !hasBidiControls(v), WEBSITE_MESSAGE)])
  .optional()
  .transform((v) => v || null);

const software = z
  .array(line().min(1).max(40), { error: 'Please choose the CAD software you use.' })
  .max(10)
  .optional()
  .transform((v) => (v ? [...new Set(v)] : undefined));

/** `/designers/create`: completing it makes the user a designer (docs/product.md §4.5). */
export const designerProfileSchema = z.object({
  role: specializations,
  experience,
  description: requiredText('description', 2000, { multiLine: true }),
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
    description: requiredText('description', 2000, { multiLine: true }).optional(),
    website,
    wallpaper: optionalMediaUrl,
    image: optionalMediaUrl,
    software,
  })
  .strict();
export type ProfileEditInput = z.input<typeof profileEditSchema>;
