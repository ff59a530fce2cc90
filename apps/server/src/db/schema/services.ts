import { getTableColumns, sql } from 'drizzle-orm';
import type { Material, OutputFormat, Restoration, Software } from '@cusp/shared';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './types.js';
import { users } from './users.js';

/** A designer's offer (docs/product.md §7.1). Prices are integer minor units of the platform currency (docs/product.md §6.1). */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tags: text('tags').array().notNull(),
    toothPrice: integer('tooth_price').notNull(),
    crownPrice: integer('crown_price'),
    unitOrArch: text('unit_or_arch', { enum: ['unit', 'arch'] }).notNull().default('unit'),
    deliveryTime: integer('delivery_time').notNull().default(1),
    revisions: integer('revisions').notNull().default(1),
    /**
     * Turnaround tiers beside the standard delivery time (docs/decisions/0041): rush (fewer days, a
     * surcharge in percent of the price) and standby (more days, a discount). Null days: the tier is not offered.
     */
    rushDays: smallint('rush_days'),
    rushSurchargePercent: smallint('rush_surcharge_percent'),
    standbyDays: smallint('standby_days'),
    standbyDiscountPercent: smallint('standby_discount_percent'),
    /** The price of one revision beyond the included ones (minor units); null: none are sold. */
    extraRevisionPrice: integer('extra_revision_price'),
    cover: text('cover'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /**
     * What the service designs (ADR 0025 "Files and services"): codes of the shared lists. The
     * defaults are what migration 0009 gave services made before (docs/decisions/0028).
     */
    restorations: text('restorations').array().$type<Restoration[]>().notNull().default(sql`'{crown}'::text[]`),
    materials: text('materials').array().$type<Material[]>().notNull().default(sql`'{zirconia_monolithic}'::text[]`),
    software: text('software').array().$type<Software[]>().notNull().default(sql`'{}'::text[]`),
    outputFormats: text('output_formats').array().$type<OutputFormat[]>().notNull().default(sql`'{stl}'::text[]`),
    totalStars: integer('total_stars').notNull().default(0),
    starNumber: integer('star_number').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    /** Hidden by an administrator: kept for existing orders, gone from every list. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Full-text search (ADR 0031): each text twice, English stems ('crowns' -> 'crown') and the words as typed
     * ('simple': Arabic, abbreviations, partial words); title A, tags B, description C.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')) || to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)) || to_tsvector('simple', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')) || to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    index('services_user_idx').on(t.userId, t.createdAt),
    // Ascending on purpose: scanned backwards they serve ORDER BY ... DESC (NULLS FIRST, the default),
    // which a DESC NULLS LAST index cannot. The two orderings cover hidden services too, for the admin
    // page's list; public lists filter the few hidden ones out as they scan.
    index('services_created_idx').on(t.createdAt),
    index('services_sales_idx').on(t.sales, t.createdAt),
    // Price filters, and counting visible services with an index-only scan.
    index('services_price_idx').on(t.toothPrice).where(sql`not hidden`),
    // `sort=rating` (ADR 0031): the average of the stars (0 without reviews), then how many, scanned backwards.
    index('services_rating_idx').on(sql`(total_stars::real / greatest(star_number, 1))`, t.starNumber, t.createdAt),
    index('services_tags_idx').using('gin', t.tags),
    index('services_search_idx').using('gin', t.search),
    // The capability filters of the lists (`restoration`, `material`, `software`), as `@>` on each array.
    index('services_restorations_idx').using('gin', t.restorations),
    index('services_materials_idx').using('gin', t.materials),
    index('services_software_idx').using('gin', t.software),
    check('services_price_positive', sql`${t.toothPrice} > 0`),
    check('services_tags_present', sql`cardinality(${t.tags}) > 0`),
    check('services_restorations_present', sql`cardinality(${t.restorations}) > 0`),
    check('services_materials_present', sql`cardinality(${t.materials}) > 0`),
    check('services_output_formats_present', sql`cardinality(${t.outputFormats}) > 0`),
    check('services_rush_tier', sql`(${t.rushDays} is null) = (${t.rushSurchargePercent} is null)`),
    check('services_standby_tier', sql`(${t.standbyDays} is null) = (${t.standbyDiscountPercent} is null)`),
    check('services_extra_revision_price_positive', sql`${t.extraRevisionPrice} is null or ${t.extraRevisionPrice} > 0`),
  ],
);

export type ServiceRow = Omit<typeof services.$inferSelect, 'search'>;

/** Every column but the search vector, which is for WHERE clauses only and costly to send. */
const { search: _serviceSearch, ...serviceColumnsWithoutSearch } = getTableColumns(services);
export const serviceColumns = serviceColumnsWithoutSearch;
