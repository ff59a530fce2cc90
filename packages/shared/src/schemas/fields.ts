import { z } from 'zod';

/** `Please fill in the {field} field.` (docs/product.md §14.2), for required text. */
export const fillInField = (field: string) => `Please fill in the ${field} field.`;

export const requiredText = (field: string, max: number) =>
  z
    .string({ error: fillInField(field) })
    .trim()
    .min(1, fillInField(field))
    .max(max, `The ${field} field is at most ${max} characters.`);

export const MEDIA_URL_MESSAGE = 'Please upload the image through Cusp.';
/** Media must have been uploaded through the product (docs/product.md §8.3): a `/media/...` path, never a foreign URL. */
export const mediaUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/media\/[a-z0-9-]+\/[a-zA-Z0-9._-]+$/, MEDIA_URL_MESSAGE);

export const optionalMediaUrl = z.union([mediaUrl, z.literal(''), z.null()]).optional().transform((v) => v || null);

/** A price typed in major units with at most two decimals. */
export const price = (field: string) =>
  z.coerce
    .number({ error: fillInField(field) })
    .refine((v) => Number.isFinite(v), fillInField(field))
    .min(0.01, `The ${field} must be greater than zero.`)
    .max(1_000_000, `The ${field} is too high.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `The ${field} can have at most two decimals.`);
