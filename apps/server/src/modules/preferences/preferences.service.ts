import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { PRESCRIPTION_API_MESSAGES, PRESET_MAX, type PresetJson, type presetInput, type presetUpdateInput } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { prescriptionPresets, users, type PrescriptionPresetRow, type UserRow } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';

/**
 * Saved prescription presets (docs/decisions/0028): a buyer's named design blocks with a preferred
 * material and shade, at most PRESET_MAX, one of them the default. Owner only: anyone else's preset is "not
 * found" for reading, changing, deleting and ordering with it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toPresetJson(row: PrescriptionPresetRow): PresetJson {
  const { ponticType: _ponticType, ...design } = row.design;
  return {
    _id: row.id,
    name: row.name,
    design,
    material: row.material,
    shade: row.shade,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The default first, then by name. */
export async function listPresets(ctx: AppContext, user: UserRow): Promise<PresetJson[]> {
  const rows = await ctx.db
    .select()
    .from(prescriptionPresets)
    .where(eq(prescriptionPresets.userId, user.id))
    .orderBy(desc(prescriptionPresets.isDefault), asc(prescriptionPresets.name), asc(prescriptionPresets.createdAt));
  return rows.map(toPresetJson);
}

/** A preset of this member, for reading or ordering with it; anyone else's is a 404 on `presetId`. */
export async function presetForUse(ctx: AppContext, userId: string, id: string): Promise<PrescriptionPresetRow> {
  const [row] = UUID.test(id)
    ? await ctx.db.select().from(prescriptionPresets).where(and(eq(prescriptionPresets.id, id), eq(prescriptionPresets.userId, userId))).limit(1)
    : [];
  if (!row) throw fieldError('PRESET_NOT_FOUND', 'presetId');
  return row;
}

export async function getPreset(ctx: AppContext, user: UserRow, id: string): Promise<PresetJson> {
  const [row] = await ctx.db.select().from(prescriptionPresets).where(and(eq(prescriptionPresets.id, id), eq(prescriptionPresets.userId, user.id))).limit(1);
  if (!row) throw new AppError('PRESET_NOT_FOUND');
  return toPresetJson(row);
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError('PRESET_NAME_TAKEN', 'name');
  throw error;
}

export async function createPreset(ctx: AppContext, user: UserRow, input: z.output<typeof presetInput>): Promise<PresetJson> {
  const row = await ctx.db
    .transaction(async (tx) => {
      // One member's creations queue on their own row, so two at once cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(prescriptionPresets).where(eq(prescriptionPresets.userId, user.id));
      if (n >= PRESET_MAX) throw new AppError('PRESET_LIMIT', { message: PRESCRIPTION_API_MESSAGES.presetLimit(PRESET_MAX) });
      if (input.isDefault) await tx.update(prescriptionPresets).set({ isDefault: false }).where(and(eq(prescriptionPresets.userId, user.id), eq(prescriptionPresets.isDefault, true)));
      const [row] = await tx
        .insert(prescriptionPresets)
        .values({ userId: user.id, name: input.name, design: input.design, material: input.material, shade: input.shade, isDefault: input.isDefault })
        .returning();
      return row!;
    })
    .catch(nameTaken);
  return toPresetJson(row);
}

export async function updatePreset(ctx: AppContext, user: UserRow, id: string, input: z.output<typeof presetUpdateInput>): Promise<PresetJson> {
  const row = await ctx.db
    .transaction(async (tx) => {
      const mine = and(eq(prescriptionPresets.id, id), eq(prescriptionPresets.userId, user.id));
      const [found] = await tx.select({ id: prescriptionPresets.id }).from(prescriptionPresets).where(mine).for('update');
      if (!found) throw new AppError('PRESET_NOT_FOUND');
      if (input.isDefault) {
        await tx
          .update(prescriptionPresets)
          .set({ isDefault: false })
          .where(and(eq(prescriptionPresets.userId, user.id), eq(prescriptionPresets.isDefault, true), ne(prescriptionPresets.id, id)));
      }
      const [row] = await tx
        .update(prescriptionPresets)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.design !== undefined ? { design: input.design } : {}),
          ...(input.material !== undefined ? { material: input.material } : {}),
          ...(input.shade !== undefined ? { shade: input.shade } : {}),
          ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
          updatedAt: new Date(),
        })
        .where(mine)
        .returning();
      return row!;
    })
    .catch(nameTaken);
  return toPresetJson(row);
}

export async function deletePreset(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const gone = await ctx.db
    .delete(prescriptionPresets)
    .where(and(eq(prescriptionPresets.id, id), eq(prescriptionPresets.userId, user.id)))
    .returning({ id: prescriptionPresets.id });
  if (gone.length === 0) throw new AppError('PRESET_NOT_FOUND');
}
