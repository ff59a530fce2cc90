import { and, asc, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { capabilitySoftwareIssues, serviceDetailJsonSchema, serviceListJsonSchema, toMinor, turnaroundIssues, type ServiceDetailJson, type serviceCreateSchema, type ServiceListQuery, type serviceUpdateSchema, MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { didYouMean, parseSearch } from '../../db/search.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { serviceColumns, services, users, type ServiceRow, type UserRow } from '../../db/schema/index.js';
import { AppError, validationError, type FieldIssue } from '../../errors.js';
import { designerSums, sumsFields, toProfileStats } from './designer-stats.js';
import { catalogueChanged } from './catalogue-cache.js';
import { toServiceJson, turnaroundOf } from './listing.presenter.js';
import { jsonWith } from '../../platform/response-cache.js';
import { catalogueIndexOf, type CatalogueList } from './catalogue-index/catalogue-index.js';

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
 * The service page's statement: the service, its designer and the designer's figures (docs/product.md §7.6) in one
 * statement (the figures as a lateral subquery over services_user_idx). Prepared once per database under a name, so
 * each connection parses it once and PostgreSQL keeps its plan: the page is read by id on every uncached visit, and
 * building, parsing and planning the statement each time cost more than running it (ADR 0047).
 */
const serviceDetailStatements = new WeakMap<AppContext['db'], ReturnType<typeof prepareServiceDetail>>();
function prepareServiceDetail(db: AppContext['db']) {
  const sums = designerSums(db, users.id);
  return db
    .select({
      service: serviceColumns,
      owner: { ...owner, specializations: users.specializations, cadSoftware: users.cadSoftware },
      sums: sumsFields(sums),
    })
    .from(services)
    .innerJoin(users, eq(users.id, services.userId))
    .crossJoinLateral(sums)
    .where(eq(services.id, sql.placeholder('id')))
    .limit(1)
    .prepare('service_detail');
}

/** `GET /services/{id}`: the service with its designer and the designer's figures. */
export async function getService(ctx: AppContext, id: string, viewer: UserRow | null): Promise<ServiceDetailJson> {
  let statement = serviceDetailStatements.get(ctx.db);
  if (!statement) serviceDetailStatements.set(ctx.db, (statement = prepareServiceDetail(ctx.db)));
  const [found] = await statement.execute({ id });
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

/**
 * The public page of a service (`GET /services/single/{id}` for everyone, as the route caches it): from the catalogue
 * index when it is on, else `getService`; 404 for a service the public does not see.
 */
export async function publicServicePage(ctx: AppContext, id: string): Promise<string | Buffer> {
  const index = catalogueIndexOf(ctx);
  if (!index) return jsonWith(serviceDetailJsonSchema, await getService(ctx, id, null));
  const page = await index.page(id);
  if (!page) throw new AppError('SERVICE_NOT_FOUND');
  return page;
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
  if (input.turnaround) {
    row.rushDays = input.turnaround.rush?.days ?? null;
    row.rushSurchargePercent = input.turnaround.rush?.surchargePercent ?? null;
    row.standbyDays = input.turnaround.standby?.days ?? null;
    row.standbyDiscountPercent = input.turnaround.standby?.discountPercent ?? null;
  }
  if (input.extraRevisionPrice !== undefined) row.extraRevisionPrice = input.extraRevisionPrice === null ? null : toMinor(input.extraRevisionPrice, c);
  return row;
}

export async function createService(ctx: AppContext, user: UserRow, input: z.output<typeof serviceCreateSchema>) {
  if (!user.isDesigner) throw new AppError('DESIGNERS_ONLY');
  const [row] = await ctx.db
    .insert(services)
    .values({ ...(toRow(ctx, input) as typeof services.$inferInsert), userId: user.id })
    .returning(serviceColumns);
  catalogueChanged(ctx, { services: [row!.id] });
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
  const issues: FieldIssue[] = capabilitySoftwareIssues({ outputFormats: input.outputFormats ?? service.outputFormats, software: input.software ?? service.software }).map((issue) => ({
    path: issue.path.split('.'),
    message: issue.message,
    fieldCode: issue.code,
  }));
  // The tiers against the delivery time, both as they will be after this change.
  issues.push(...turnaroundIssues(input.deliveryTime ?? service.deliveryTime, input.turnaround ?? turnaroundOf(service)));
  if (issues.length) throw validationError(issues);
  const [row] = await ctx.db
    .update(services)
    .set({ ...toRow(ctx, input), updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning(serviceColumns);
  catalogueChanged(ctx, { services: [id] });
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
  catalogueChanged(ctx, { services: [id] });
}

/** An administrator hides or shows a service (the admin page, docs/product.md §7.8). */
export async function setHidden(ctx: AppContext, id: string, hidden: boolean) {
  const [row] = await ctx.db.update(services).set({ hidden, updatedAt: new Date() }).where(eq(services.id, id)).returning({ id: services.id });
  if (!row) throw new AppError('SERVICE_NOT_FOUND');
  catalogueChanged(ctx, { services: [id] });
}

/** A service's average stars, 0 without reviews: `sort=rating`, as services_rating_idx holds it. */
const rating = sql<number>`(${services.totalStars}::real / greatest(${services.starNumber}, 1))`;

/**
 * The owner's verified flag for the relevance boost, as a lateral subquery of one row: PostgreSQL then looks owners up
 * by primary key through a Memoize node, once per designer rather than once per ranked match (a subquery in the
 * expression ran once per match), and never reads the whole users table (ADR 0045).
 */
const ownerFlag = (db: AppContext['db']) =>
  db
    .select({ verified: sql<boolean>`${users.isVerified}`.as('owner_verified') })
    .from(users)
    .where(eq(users.id, services.userId))
    .limit(1)
    .as('owner_flag');

/**
 * Search relevance (ADR 0031) nudged by the designer, within a tier of matches: verified +20 %, and up to +15 % for the
 * service's average stars.
 */
const relevanceBoost = (verified: SQLWrapper) => sql<number>`(1 + 0.2 * ${verified}::int + 0.03 * ${rating})`;

type Orderable = Record<'rank' | 'createdAt' | 'sales' | 'toothPrice' | 'rating' | 'starNumber', SQLWrapper>;

/**
 * `GET /gigs` and `GET /services` (docs/product.md §7.3, §15.4): filtered, searched, sorted, paged, from the catalogue
 * index (ADR 0048) when it is on, else in SQL.
 */
export async function listServices(ctx: AppContext, query: ServiceListQuery, options: { includeHidden?: boolean } = {}): Promise<CatalogueList> {
  const index = catalogueIndexOf(ctx);
  if (index) return index.list(query, options);
  const { items, total, didYouMean } = await listServicesFromDatabase(ctx, query, options);
  return { body: jsonWith(serviceListJsonSchema, items), total, didYouMean };
}

/**
 * The list in SQL: what the catalogue index answers (ADR 0048), used when it is turned off (CATALOGUE_INDEX=false), and
 * the reference the index is tested against (catalogue-index.test.ts). In one statement: the page is cut from services
 * first (an index gives the order, or the GIN indexes the matches), then only its rows' owners are read; the total is
 * an uncorrelated subquery, computed once. A search first looks up close spellings of its words in the vocabulary (one
 * small statement, db/search.ts); when it finds nothing, `didYouMean` is a close spelling that would find something.
 */
export async function listServicesFromDatabase(ctx: AppContext, query: ServiceListQuery, options: { includeHidden?: boolean } = {}) {
  const c = ctx.config.currency;
  const conditions: SQL[] = [];
  // Literal `not hidden` (not a bound parameter) so the planner can use the partial indexes.
  if (!options.includeHidden) conditions.push(sql`not ${services.hidden}`);
  const tag = query.tag ?? query.cat;
  if (tag) conditions.push(sql`${services.tags} @> array[${tag}]::text[]`);
  if (query.userId) conditions.push(eq(services.userId, query.userId));
  // Capabilities (docs/product.md §7.3): containment on the arrays, which their GIN indexes answer.
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
  const flag = ownerFlag(ctx.db);
  const rank = search && sort === 'relevance' ? search.rank(services.search, relevanceBoost(flag.verified)) : sql<number>`0`;
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
  // The page is cut first as keys only (id and what it is ordered by): a search ranks or sorts every match, and
  // carrying whole rows (descriptions, arrays) through that sort cost as much as the ranking. Relevance joins the
  // owners' flags there for the designer boost (ownerFlag). Then only the page's rows are
  // read, with their owners, by primary key (ADR 0045).
  const boosted = sort === 'relevance' && !!search;
  const keys = ctx.db
    .select({
      id: services.id,
      rank: rank.as('page_rank'),
      rating: rating.as('page_rating'),
      createdAt: services.createdAt,
      sales: services.sales,
      toothPrice: services.toothPrice,
      starNumber: services.starNumber,
    })
    .from(services);
  const page = (boosted ? keys.innerJoinLateral(flag, sql`true`) : keys)
    .where(where)
    // By the rank's output name: the expression written twice has its own parameters each time, so PostgreSQL would
    // compute it again, and carry every match's search vector through the sort to do so.
    .orderBy(...order({ rank: sql`page_rank`, createdAt: services.createdAt, sales: services.sales, toothPrice: services.toothPrice, rating, starNumber: services.starNumber }))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const rows = await ctx.db
    .select({ service: serviceColumns, owner })
    .from(page)
    .innerJoin(services, eq(services.id, page.id))
    .innerJoin(users, eq(users.id, services.userId))
    .orderBy(...order(page));
  // The total: a page that is not full ends the list, so it is the rows before and on it; only a full page (or one
  // past the end) needs the count, which reads every match again.
  const total = rows.length > 0 && rows.length < query.limit ? query.offset + rows.length : rows.length === 0 && query.offset === 0 ? 0 : await countServices(ctx, where);
  const suggestion = total === 0 ? await didYouMean(ctx.db, 'service', search, (corrected) => countServices(ctx, whereWith(corrected))) : null;
  return { items: rows.map((r) => toServiceJson(r.service, r.owner, c)), total, didYouMean: suggestion };
}

/** The total alone, for a page past the end (which has no row to carry it). */
async function countServices(ctx: AppContext, where: SQL | undefined) {
  const [row] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(services).where(where);
  return row?.total ?? 0;
}
