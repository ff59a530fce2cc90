import type { AppContext } from '../context.js';
import { seedDemoCourses } from './courses.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoPreferences } from './demo-preferences.js';
import { seedDemoReviews } from './demo-reviews.js';

/** Demo data for a first start (README): accounts, then what later issues add to them. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const ids = await seedDemoAccounts(ctx.db);
  if (!ids) return false;
  await seedDemoCatalogue(ctx, ids.demo_designer!);
  await seedDemoReviews(ctx);
  await seedDemoMessages(ctx, ids.demo_buyer!);
  await seedDemoOrders(ctx, ids.demo_buyer!, ids.demo_designer!);
  await seedDemoPreferences(ctx, ids.demo_buyer!);
  await seedDemoCourses(ctx, ids.demo_buyer!);
  return true;
}
