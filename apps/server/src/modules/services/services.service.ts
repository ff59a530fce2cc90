import { and, asc, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { capabilitySoftwareIssues, toMinor, type ServiceDetailJson, type serviceCreateSchema, type ServiceListQuery, type serviceUpdateSchema, MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { didYouMean, parseSearch } from '../../db/search.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { serviceColumns, services, users, type ServiceRow, type UserRow } from '../../db/schema/index.js';
import { AppError, validationError } from '../../errors.js';
import { designerSums, sumsFields, toProfileStats } from './designer-stats.js';
import { catalogueChanged } from './catalogue-cache.js';
import { toServiceJson } from './service.presenter.js';

export const { serviceNotFound: SERVICE_NOT_FOUND, designersOnly: DESIGNERS_ONLY, notYourService: NOT_YOUR_SERVICE } = MESSAGES;

const owner = { id: users.id, username: users.username, image: users.image, isVerified: users.isVerified };

/** Owner or administrator sees a hidden service; everyone else gets 404 as if it did not exist. */
function visibleTo<T extends { service: ServiceRow }>(found: T | undefined, viewer: UserRow | null): T {
  const canSeeHidden = !!viewer && !!found && (viewer.id === found.service.userId || viewer.isAdmin);
  if (!found || (found.service.hidden && !canSeeHidden)) throw new AppError('SERVICE_NOT_FOUND');
  return found;
}

async function load(ctx: AppContext, id: string, viewer: UserRow | null) {
  const [found] = await ctx.db.select({ service: serviceColumns, owner }).from(services).innerJoin(users, eq(users.id, services.userId)).where(eq(services.id, id)).limit(1);
  return visibleTo(found, viewer);
}

/**
 * `GET /services/{id}`: the service, its designer and the designer's figures (docs/product.md §7.6) in one statement
 * (the figures as a lateral subquery over services_user_idx).
 */
export async function getService(ctx: AppContext, id: string, viewer: UserRow | null): Promise<ServiceDetailJson> {
  const sums = designerSums(ctx.db, users.id);
  const [found] = await ctx.db
    .select({
      service: serviceColumns,
      owner: { ...owner, specializations: users.specializations, cadSoftware: users.cadSoftware },
      sums: sumsFields(sums),
    })
    .from(services)
    .innerJoin(users, eq(users.id, services.userId))
    .crossJoinLateral(sums)
    .where(eq(services.id, id))
    .limit(1);
  const { service, owner: o, sums: figures } = visibleTo(found, viewer);
  const stats = toProfileStats(figures, ctx.config.currency);
  return {
    ...toServiceJson(service, o, ctx.config.currency),
    designer: {
      rating: stats.rating,
      reviews: stats.reviews,
      completedOrders: stats.completedOrders,
      role: o.specializations.join(', '),
      software: o.cadSoftware,
      isVerified: o.isVerified,
    },
  };
}

function toRow(ctx: AppContext, input: Partial<z.output<typeof serviceCreateSchema>>) {
  const c = ctx.config.currency;
  const row: Partial<typeof services.$inferInsert> = {};
  if (input.tags) row.tags = input.tags;
  if (input.title) row.title = input.title;
  if (input.description) row.description = input.description;
  if (input.toothPrice !== undefined) row.toothPrice = toMinor(input.toothPrice, c);
  if (input.crownPrice !== undefined) row.crownPrice = input.crownPrice === null ? null : toMinor(input.crownPrice, c);
  if (input.unitOrArch) row.unitOrArch = input.unitOrArch;
  if (input.deliveryTime !== undefined) row.deliveryTime = input.deliveryTime;
  if (input.revisions !== undefined) row.revisions = input.revisions;
  if (input.cover !== undefined) row.cover = input.cover;
  if (input.images) row.images = input.images;
  if (input.restorations) row.restorations = input.restorations;
  if (input.materials) row.materials = input.materials;
  if (input.software) row.software = input.software;
  if (input.outputFormats) row.outputFormats = input.outputFormats;
  return row;
}

export async function createService(ctx: AppContext, user: UserRow, input: z.output<typeof serviceCreateSchema>) {
  if (!user.isDesigner) throw new AppError('DESIGNERS_ONLY');
  const [row] = await ctx.db
    .insert(services)
    .values({ ...(toRow(ctx, input) as typeof services.$inferInsert), userId: user.id })
    .returning(serviceColumns);
  catalogueChanged(ctx);
  return toServiceJson(row!, user, ctx.config.currency);
}

async function loadOwned(ctx: AppContext, user: UserRow, id: string) {
  const found = await load(ctx, id, user);
  if (found.service.userId !== user.id) throw new AppError('SERVICE_NOT_YOURS');
  return found;
}

export async function updateService(ctx: AppContext, user: UserRow, id: string, input: z.output<typeof serviceUpdateSchema>) {
  const { service } = await loadOwned(ctx, user, id);
  // Project files need their software: checked on the capabilities as they will be after this change.
  const issues = capabilitySoftwareIssues({ outputFormats: input.outputFormats ?? service.outputFormats, software: input.software ?? service.software });
  if (issues.length) throw validationError(issues.map((issue) => ({ path: issue.path.split('.'), message: issue.message })));
  const [row] = await ctx.db
    .update(services)
    .set({ ...toRow(ctx, input), updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning(serviceColumns);
  catalogueChanged(ctx);
  return toServiceJson(row!, user, ctx.config.currency);
}

export async function deleteService(ctx: AppContext, user: UserRow, id: string) {
  await loadOwned(ctx, user, id);
  // Orders keep their service (restrict): the buyer's and designer's records must stay whole.
  await ctx.db
    .delete(services)
    .where(eq(services.id, id))
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw new AppError('SERVICE_HAS_ORDERS');
      throw error;
    });
  catalogueChanged(ctx);
}

/** An administrator hides or shows a service (issue 3's admin page). */
export async function setHidden(ctx: AppContext, id: string, hidden: boolean) {
  const [row] = await ctx.db.update(services).set({ hidden, updatedAt: new Date() }).where(eq(services.id, id)).returning({ id: services.id });
  if (!row) throw new AppError('SERVICE_NOT_FOUND');
  catalogueChanged(ctx);
}

/** The named columns of a subquery, as the outer query selects them. */
function columnsOf<T, K extends keyof T>(subquery: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, subquery[key]])) as Pick<T, K>;
}

/** A service's average stars, 0 without reviews: `sort=rating`, as services_rating_idx holds it. */
const rating = sql<number>`(${services.totalStars}::real / greatest(${services.starNumber}, 1))`;

/**
 * Search relevance (ADR 0031) nudged by the designer, within a tier of matches: verified +20 %, and up to +15 % for the
 * service's average stars. The owner's flag is read by primary key for the matching rows only.
 */
const relevanceBoost = sql<number>`(1 + 0.2 * coalesce((select ${users.isVerified}::int from ${users} where ${users.id} = ${services.userId}), 0) + 0.03 * ${rating})`;

type Orderable = Record<'rank' | 'createdAt' | 'sales' | 'toothPrice' | 'rating' | 'starNumber', SQLWrapper>;

/**
 * `GET /gigs` and `GET /services` (docs/product.md §7.3, §15.4): filtered, searched, sorted, paged, in one statement. The page
 * is cut from services first (an index gives the order, or the GIN indexes the matches), then only
 * its rows' owners are read; the total is an uncorrelated subquery, computed once. A search first looks up close
 * spellings of its words in the vocabulary (one small statement, db/search.ts); when it finds nothing, `didYouMean`
 * is a close spelling that would find something.
 */
export async function listServices(ctx: AppContext, query: ServiceListQuery, options: { includeHidden?: boolean } = {}) {
  const c = ctx.config.currency;
  const conditions: SQL[] = [];
  // Literal `not hidden` (not a bound parameter) so the planner can use the partial indexes.
  if (!options.includeHidden) conditions.push(sql`not ${services.hidden}`);
  const tag = query.tag ?? query.cat;
  if (tag) conditions.push(sql`${services.tags} @> array[${tag}]::text[]`);
  if (query.userId) conditions.push(eq(services.userId, query.userId));
  // Capabilities (issue 16): containment on the arrays, which their GIN indexes answer.
  if (query.restoration) conditions.push(sql`${services.restorations} @> array[${query.restoration}]::text[]`);
  if (query.material) conditions.push(sql`${services.materials} @> array[${query.material}]::text[]`);
  if (query.software) conditions.push(sql`${services.software} @> array[${query.software}]::text[]`);
  if (query.min !== undefined) conditions.push(gte(services.toothPrice, toMinor(query.min, c)));
  if (query.max !== undefined) conditions.push(lte(services.toothPrice, toMinor(query.max, c)));
  const search = await parseSearch(ctx.db, 'service', query.search);
  const whereWith = (s: typeof search) => {
    const all = s ? [...conditions, s.matches(services.search)] : conditions;
    return all.length ? and(...all) : undefined;
  };
  const where = whereWith(search);

  // Relevance needs a search: without one (or with one of no letters) it is the default order.
  const sort = query.sort === 'relevance' && !search ? 'sales' : (query.sort ?? (search ? 'relevance' : 'sales'));
  const rank = search && sort === 'relevance' ? search.rank(services.search, relevanceBoost) : sql<number>`0`;
  // The same order inside the page (on the table, where the indexes are) and outside (on its rows).
  const order = (s: Orderable) => {
    switch (sort) {
      case 'relevance':
        return [desc(s.rank), desc(s.createdAt)];
      case 'createdAt':
        return [desc(s.createdAt)];
      case 'price_asc':
        return [asc(s.toothPrice), desc(s.createdAt)];
      case 'price_desc':
        return [desc(s.toothPrice), desc(s.createdAt)];
      case 'rating':
        return [desc(s.rating), desc(s.starNumber), desc(s.createdAt)];
      default:
        return [desc(s.sales), desc(s.createdAt)];
    }
  };
  const page = ctx.db
    .select({ ...serviceColumns, rank: rank.as('page_rank'), rating: rating.as('page_rating') })
    .from(services)
    .where(where)
    .orderBy(...order({ rank, createdAt: services.createdAt, sales: services.sales, toothPrice: services.toothPrice, rating, starNumber: services.starNumber }))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  // Each row's owner by primary key. LIMIT 1 (the id is unique anyway) keeps the planner from hashing
  // the whole users table for a page of 100 rows (the admin page) instead of 100 index lookups.
  const pageOwner = ctx.db.select(owner).from(users).where(eq(users.id, page.userId)).limit(1).as('page_owner');
  const rows = await ctx.db
    .select({
      service: columnsOf(page, Object.keys(serviceColumns) as Array<keyof typeof serviceColumns>),
      owner: columnsOf(pageOwner, Object.keys(owner) as Array<keyof typeof owner>),
      total: sql<number>`(select count(*)::int from ${services}${where ? sql` where ${where}` : sql``})`,
    })
    .from(page)
    .innerJoinLateral(pageOwner, sql`true`)
    .orderBy(...order(page));
  const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countServices(ctx, where));
  const suggestion = total === 0 ? await didYouMean(ctx.db, 'service', search, (corrected) => countServices(ctx, whereWith(corrected))) : null;
  return { items: rows.map((r) => toServiceJson(r.service, r.owner, c)), total, didYouMean: suggestion };
}

/** The total alone, for a page past the end (which has no row to carry it). */
async function countServices(ctx: AppContext, where: SQL | undefined) {
  const [row] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(services).where(where);
  return row?.total ?? 0;
}
