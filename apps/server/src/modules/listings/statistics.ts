import type { AppContext } from '../../context.js';

/**
 * The embedded database (PGlite) has no autovacuum: without this, its planner never learns the
 * catalogue's size and never marks pages all-visible, so at a few thousand services the list counts
 * fall back to Seq Scans (bench/catalogue-plans.ts --db=pglite, docs/decisions/0012). Run on a timer
 * (apps/server/src/jobs.ts); on PostgreSQL autovacuum does this and the call does nothing.
 */
export async function refreshCatalogueStatistics(ctx: AppContext): Promise<void> {
  if (ctx.database.kind !== 'pglite') return;
  await ctx.database.query('vacuum (analyze) services');
  await ctx.database.query('vacuum (analyze) users');
}
