import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Material, PrescriptionDesign } from '@cusp/shared';
import { users } from './users.js';

/**
 * A buyer's saved prescription presets (docs/product.md §5.1): a named design block with a preferred material and shade,
 * at most `PRESET_MAX` per member, one of them the default. Private to their owner; an order keeps its own
 * copy of what it used, so editing a preset never changes a past order.
 */
export const prescriptionPresets = pgTable(
  'prescription_presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    design: jsonb('design').$type<PrescriptionDesign>().notNull(),
    material: text('material').$type<Material>(),
    shade: text('shade'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prescription_presets_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('prescription_presets_name_unique').on(t.userId, sql`lower(${t.name})`),
    // At most one default per member: setting another one unsets it in the same transaction.
    uniqueIndex('prescription_presets_default_unique').on(t.userId).where(sql`is_default`),
  ],
);

export type PrescriptionPresetRow = typeof prescriptionPresets.$inferSelect;
