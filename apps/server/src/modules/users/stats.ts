import { and, inArray, sql } from 'drizzle-orm';
import { fromMinor, type ProfileStats } from '@cusp/shared';
import type { Db } from '../../db/client.js';
import { services } from '../../db/schema/index.js';

const EMPTY: ProfileStats = { rating: 0, reviews: 0, services: 0, completedOrders: 0, priceRange: null };

/**
 * Profile figures from the designers' visible services, for many users in one grouped query.
 * completedOrders counts sales, which the orders issue increments on completion.
 */
export async function statsFor(db: Db, userIds: string[], currency: string): Promise<Map<string, ProfileStats>> {
  const result = new Map<string, ProfileStats>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: services.userId,
      count: sql<number>`count(*)::int`,
      stars: sql<number>`coalesce(sum(${services.totalStars}), 0)::int`,
      reviews: sql<number>`coalesce(sum(${services.starNumber}), 0)::int`,
      sales: sql<number>`coalesce(sum(${services.sales}), 0)::int`,
      min: sql<number>`min(${services.toothPrice})`,
      max: sql<number>`max(${services.toothPrice})`,
    })
    .from(services)
    .where(and(inArray(services.userId, userIds), sql`not ${services.hidden}`))
    .groupBy(services.userId);
  for (const r of rows) {
    result.set(r.userId, {
      rating: r.reviews > 0 ? Math.round((r.stars / r.reviews) * 10) / 10 : 0,
      reviews: r.reviews,
      services: r.count,
      completedOrders: r.sales,
      priceRange: { min: fromMinor(r.min, currency), max: fromMinor(r.max, currency) },
    });
  }
  for (const id of userIds) if (!result.has(id)) result.set(id, EMPTY);
  return result;
}
