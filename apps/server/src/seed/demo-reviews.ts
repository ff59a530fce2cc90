import { randomUUID } from 'node:crypto';
import { gt } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { hashPassword } from '../modules/auth/index.js';
import { services } from '../db/schema/index.js';
import { insertDemoHistoryOrder, insertDemoUser } from './direct-writes.js';

/** Clinics and labs who left the demo catalogue's reviews. They cannot log in (random passwords). */
const REVIEWERS = ['dr_hala_clinic', 'smile_lab_jeddah', 'dr_omar_prostho', 'riyadh_dental_lab', 'dr_sara_endo', 'gulf_ceramics_lab'];

const COMMENTS = [
  'Margins were exactly on the line and the contacts needed no adjustment. Will order again.',
  'Fast turnaround and the occlusion was spot on. Milled and seated without changes.',
  'Clear communication, one small revision done the same day.',
  'Beautiful anatomy and the emergence profile was just what I asked for.',
  'Good design; the connector was a little thick for my taste, but it was fixed on request.',
  'Very reliable. The project file was included, which my lab appreciated.',
  'Followed the prescription to the letter, shade notes included.',
  'Second case with this designer, same quality both times.',
];

/**
 * The demo catalogue's ratings (demo-catalogue.ts gives each service a count and a total of stars) as
 * real reviews of completed orders, so a service page's "4.3 (6 reviews)" lists those six reviews. Earlier
 * history, before the platform's payments: the orders carry their timeline, not payment records.
 */
export async function seedDemoReviews(ctx: AppContext) {
  const passwordHash = await hashPassword(randomUUID());
  const reviewerIds: string[] = [];
  for (const [i, username] of REVIEWERS.entries()) {
    const row = await insertDemoUser(ctx.db, { username, email: `${username}@cusp.test`, phone: `+966 55 000 ${String(2000 + i)}` }, passwordHash);
    reviewerIds.push(row.id);
  }
  const rated = await ctx.db.select().from(services).where(gt(services.starNumber, 0));
  const day = 86_400_000;
  for (const [n, service] of rated.entries()) {
    // `starNumber` reviews whose stars add up to `totalStars`: the rounding remainder as extra stars.
    const base = Math.floor(service.totalStars / service.starNumber);
    const extra = service.totalStars - base * service.starNumber;
    for (let i = 0; i < service.starNumber; i++) {
      const buyerId = reviewerIds[(n + i) % reviewerIds.length]!;
      const created = new Date(Date.now() - (7 + ((n * 5 + i * 11) % 80)) * day);
      const delivered = new Date(created.getTime() + service.deliveryTime * day);
      const completed = new Date(delivered.getTime() + day);
      await insertDemoHistoryOrder(
        ctx,
        {
          serviceId: service.id,
          buyerId,
          sellerId: service.userId,
          title: service.title,
          image: service.cover,
          unitOrArch: service.unitOrArch,
          unitPrice: service.toothPrice,
          quantity: 1,
          price: service.toothPrice,
          currency: ctx.config.currency,
          deliveryDays: service.deliveryTime,
          revisionsIncluded: service.revisions,
          created,
          delivered,
          completed,
        },
        { star: base + (i < extra ? 1 : 0), desc: COMMENTS[(n * 3 + i) % COMMENTS.length]! },
      );
    }
  }
}
