import { and, eq, inArray, sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromMinor, type ProfileStats } from '@cusp/shared';
import type { Db } from '../../db/client.js';
import { services } from '../../db/schema/index.js';

const EMPTY: ProfileStats = { rating: 0, reviews: 0, services: 0, completedOrders: 0, priceRange: null };

/** The sums a designer's figures come from, over their visible services. */
export interface StatsSums {
  services: number;
  stars: number;
  reviews: number;
  sales: number;
  minPrice: number | null;
  maxPrice: number | null;
}

/**
 * Profile figures from the sums. completedOrders counts sales, which the orders issue increments on
 * completion; the rating is the average of the stars, to one decimal.
 */
export function toProfileStats(sums: StatsSums, currency: string): ProfileStats {
  if (sums.services === 0) return EMPTY;
  return {
    rating: sums.reviews > 0 ? Math.round((sums.stars / sums.reviews) * 10) / 10 : 0,
    reviews: sums.reviews,
    services: sums.services,
    completedOrders: sums.sales,
    priceRange: sums.minPrice === null || sums.maxPrice === null ? null : { min: fromMinor(sums.minPrice, currency), max: fromMinor(sums.maxPrice, currency) },
  };
}

const owned = alias(services, 'owned');

/**
 * One designer's sums as a lateral subquery, so a page of designers (or one service's designer) gets
 * its figures in the same statement: `.crossJoinLateral(designerSums(db, users.id))`. An aggregate
 * without GROUP BY always answers one row (zero services: count 0, prices null). Reads
 * services_user_idx. Drizzle names subquery columns unqualified, hence the prefixed names.
 */
export function designerSums(db: Db, userId: Column) {
  return db
    .select({
      services: sql<number>`count(*)::int`.as('sums_services'),
      stars: sql<number>`coalesce(sum(${owned.totalStars}), 0)::int`.as('sums_stars'),
      reviews: sql<number>`coalesce(sum(${owned.starNumber}), 0)::int`.as('sums_reviews'),
      sales: sql<number>`coalesce(sum(${owned.sales}), 0)::int`.as('sums_sales'),
      minPrice: sql<number | null>`min(${owned.toothPrice})`.as('sums_min_price'),
      maxPrice: sql<number | null>`max(${owned.toothPrice})`.as('sums_max_price'),
    })
    .from(owned)
    .where(and(eq(owned.userId, userId), sql`not ${owned.hidden}`))
    .as('sums');
}

/** The columns of a designerSums subquery, to select them as one nested object. */
export const sumsFields = (sums: ReturnType<typeof designerSums>) => ({
  services: sums.services,
  stars: sums.stars,
  reviews: sums.reviews,
  sales: sums.sales,
  minPrice: sums.minPrice,
  maxPrice: sums.maxPrice,
});

/** The figures of many designers in one grouped query (callers that already hold the users). */
export async function statsFor(db: Db, userIds: string[], currency: string): Promise<Map<string, ProfileStats>> {
  const result = new Map<string, ProfileStats>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: services.userId,
      services: sql<number>`count(*)::int`,
      stars: sql<number>`coalesce(sum(${services.totalStars}), 0)::int`,
      reviews: sql<number>`coalesce(sum(${services.starNumber}), 0)::int`,
      sales: sql<number>`coalesce(sum(${services.sales}), 0)::int`,
      minPrice: sql<number>`min(${services.toothPrice})`,
      maxPrice: sql<number>`max(${services.toothPrice})`,
    })
    .from(services)
    .where(and(inArray(services.userId, userIds), sql`not ${services.hidden}`))
    .groupBy(services.userId);
  for (const r of rows) result.set(r.userId, toProfileStats(r, currency));
  for (const id of userIds) if (!result.has(id)) result.set(id, EMPTY);
  return result;
}
