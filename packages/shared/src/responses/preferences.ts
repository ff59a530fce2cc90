import { z } from 'zod';
import { MATERIALS } from '../dental/catalogue.js';
import { prescriptionJsonSchema } from './orders.js';

/** What `/api/preferences` answers (docs/product.md §5.1): the caller's saved prescription presets, as response schemas (docs/decisions/0039). */

/** A saved preset as `GET /api/preferences` lists it (the default first, then by name). */
export const presetJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The prescription's design block without the pontic shape, which belongs to a case. */
  design: prescriptionJsonSchema.shape.design.omit({ ponticType: true }),
  material: z.enum(MATERIALS).nullable(),
  shade: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PresetJson = z.infer<typeof presetJsonSchema>;
export const presetListJsonSchema = z.array(presetJsonSchema);
