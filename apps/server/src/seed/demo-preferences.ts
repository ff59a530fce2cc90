import { eq } from 'drizzle-orm';
import { presetInput } from '@cusp/shared';
import type { AppContext } from '../context.js';
import { userColumns, users } from '../db/schema/index.js';
import { createPreset } from '../modules/preferences/index.js';

/** The demo buyer's saved prescription presets (docs/product.md §5.1): the lab's usual posterior settings, marked default. */
export async function seedDemoPreferences(ctx: AppContext, buyerId: string) {
  const [buyer] = await ctx.db.select(userColumns).from(users).where(eq(users.id, buyerId));
  if (!buyer) return;
  await createPreset(
    ctx,
    buyer,
    presetInput.parse({
      name: 'Posterior zirconia (our lab)',
      design: { cementGapMicrons: 45, extraCementGapMicrons: 25, distanceToMarginMm: 0.6, minThicknessMm: 0.6, contactStrength: 'medium', occlusion: 'light_contact', outputFormats: ['stl'] },
      material: 'zirconia_monolithic',
      shade: 'A2',
      isDefault: true,
    }),
  );
  await createPreset(
    ctx,
    buyer,
    presetInput.parse({
      name: 'Anterior e.max',
      design: { cementGapMicrons: 30, minThicknessMm: 1.0, contactStrength: 'light', outputFormats: ['stl', 'ply'] },
      material: 'lithium_disilicate',
      shade: 'BL2',
    }),
  );
}
