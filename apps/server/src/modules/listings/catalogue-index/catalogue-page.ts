import { serviceDetailJsonSchema } from '@cusp/shared';
import { toProfileStats, type StatsSums } from '../designer-stats.js';
import { has } from './bitset.js';
import type { CatalogueData } from './catalogue-data.js';

const DESIGNER_BOX = serviceDetailJsonSchema.shape.designer;
const CLOSE = Buffer.from('}');

/**
 * A visible service's page (`GET /services/single/{id}`, listings.service.ts `getService`) from the index: its row,
 * and the designer box with the designer's figures summed over their visible services as designer-stats.ts sums them;
 * the same bytes the route sends from the database. Null for a service the public does not see.
 */
export function servicePage(data: CatalogueData, id: string, currency: string): Buffer | null {
  const slot = data.slotOf.get(id);
  if (slot === undefined || !has(data.visible, slot)) return null;
  const sums: StatsSums = { services: 0, stars: 0, reviews: 0, sales: 0, minPrice: null, maxPrice: null };
  for (const mine of data.byUser.get(data.userIds[slot]!) ?? []) {
    if (!has(data.visible, mine)) continue;
    const price = data.price[mine]!;
    sums.services += 1;
    sums.stars += data.totalStars[mine]!;
    sums.reviews += data.starNumber[mine]!;
    sums.sales += data.sales[mine]!;
    sums.minPrice = sums.minPrice === null ? price : Math.min(sums.minPrice, price);
    sums.maxPrice = sums.maxPrice === null ? price : Math.max(sums.maxPrice, price);
  }
  const stats = toProfileStats(sums, currency);
  const designer = data.designers[slot]!;
  const box = DESIGNER_BOX.parse({
    rating: stats.rating,
    reviews: stats.reviews,
    completedOrders: stats.completedOrders,
    role: designer.specializations.join(', '),
    software: designer.software,
    isVerified: data.verified[slot] === 1,
  });
  // The detail is the list's row with the box as its last key (serviceDetailJsonSchema extends the row's schema).
  const row = data.json[slot]!;
  return Buffer.concat([row.subarray(0, row.length - 1), Buffer.from(`,"designer":${JSON.stringify(box)}`), CLOSE]);
}
