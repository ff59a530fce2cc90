import type { AppContext } from '../../context.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoCatalogue } from './demo-catalogue.js';

/** Demo data for a first start (README): accounts, then what later issues add to them. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const designerId = await seedDemoAccounts(ctx.db);
  if (!designerId) return false;
  await seedDemoCatalogue(ctx, designerId);
  return true;
}
