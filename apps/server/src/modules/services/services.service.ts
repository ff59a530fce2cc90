import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toMinor, type ServiceDetailJson, type serviceCreateSchema, type ServiceListQuery, type serviceUpdateSchema, MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { prefixQuery } from '../../db/search.js';
import { serviceColumns, services, userColumns, users, type ServiceRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { statsFor } from '../users/stats.js';
import { toServiceJson } from './service.presenter.js';

export const { serviceNotFound: SERVICE_NOT_FOUND, designersOnly: DESIGNERS_ONLY, notYourService: NOT_YOUR_SERVICE } = MESSAGES;

const owner = { id: users.id, username: users.username, image: users.image, isVerified: users.isVerified };

/** Owner or administrator sees a hidden service; everyone else gets 404 as if it did not exist. */
const canSeeHidden = (row: ServiceRow, viewer: UserRow | null) => !!viewer && (viewer.id === row.userId || viewer.isAdmin);

async function load(ctx: AppContext, id: string, viewer: UserRow | null) {
  const [found] = await ctx.db.select({ service: serviceColumns, owner }).from(services).innerJoin(users, eq(users.id, services.userId)).where(eq(services.id, id)).limit(1);
  if (!found || (found.service.hidden && !canSeeHidden(found.service, viewer))) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  return found;
}

export async function getService(ctx: AppContext, id: string, viewer: UserRow | null): Promise<ServiceDetailJson> {
  const { service, owner: o } = await load(ctx, id, viewer);
  const [designer] = await ctx.db.select(userColumns).from(users).where(eq(users.id, o.id));
  const stats = (await statsFor(ctx.db, [o.id], ctx.config.currency)).get(o.id)!;
  return {
    ...toServiceJson(service, o, ctx.config.currency),
    designer: {
      rating: stats.rating,
      reviews: stats.reviews,
      completedOrders: stats.completedOrders,
      role: designer!.specializations.join(', '),
      software: designer!.cadSoftware,
      isVerified: designer!.isVerified,
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
  return row;
}

export async function createService(ctx: AppContext, user: UserRow, input: z.output<typeof serviceCreateSchema>) {
  if (!user.isDesigner) throw new AppError('FORBIDDEN', DESIGNERS_ONLY);
  const [row] = await ctx.db
    .insert(services)
    .values({ ...(toRow(ctx, input) as typeof services.$inferInsert), userId: user.id })
    .returning(serviceColumns);
  return toServiceJson(row!, user, ctx.config.currency);
}

async function loadOwned(ctx: AppContext, user: UserRow, id: string) {
  const found = await load(ctx, id, user);
  if (found.service.userId !== user.id) throw new AppError('FORBIDDEN', NOT_YOUR_SERVICE);
  return found;
}

export async function updateService(ctx: AppContext, user: UserRow, id: string, input: z.output<typeof serviceUpdateSchema>) {
  await loadOwned(ctx, user, id);
  const [row] = await ctx.db
    .update(services)
    .set({ ...toRow(ctx, input), updatedAt: new Date() })
    .where(eq(services.id, id))
    .returning(serviceColumns);
  return toServiceJson(row!, user, ctx.config.currency);
}

export async function deleteService(ctx: AppContext, user: UserRow, id: string) {
  await loadOwned(ctx, user, id);
  await ctx.db.delete(services).where(eq(services.id, id));
}

/** An administrator hides or shows a service (issue 3's admin page). */
export async function setHidden(ctx: AppContext, id: string, hidden: boolean) {
  const [row] = await ctx.db.update(services).set({ hidden, updatedAt: new Date() }).where(eq(services.id, id)).returning({ id: services.id });
  if (!row) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
}

/** `GET /gigs` and `GET /services` (D5): filtered, searched, sorted, paged; every path uses an index. */
export async function listServices(ctx: AppContext, query: ServiceListQuery, options: { includeHidden?: boolean } = {}) {
  const c = ctx.config.currency;
  const conditions: SQL[] = [];
  // Literal `not hidden` (not a bound parameter) so the planner can use the partial indexes.
  if (!options.includeHidden) conditions.push(sql`not ${services.hidden}`);
  const tag = query.tag ?? query.cat;
  if (tag) conditions.push(sql`${services.tags} @> array[${tag}]::text[]`);
  if (query.userId) conditions.push(eq(services.userId, query.userId));
  if (query.min !== undefined) conditions.push(gte(services.toothPrice, toMinor(query.min, c)));
  if (query.max !== undefined) conditions.push(lte(services.toothPrice, toMinor(query.max, c)));
  const q = prefixQuery(query.search);
  if (q) conditions.push(sql`${services.search} @@ ${q}`);
  const where = conditions.length ? and(...conditions) : undefined;

  const sort = query.sort ?? (q ? 'relevance' : 'sales');
  const order =
    sort === 'relevance' && q
      ? [sql`ts_rank(${services.search}, ${q}) desc`, desc(services.createdAt)]
      : sort === 'createdAt'
        ? [desc(services.createdAt)]
        : [desc(services.sales), desc(services.createdAt)];

  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db
      .select({ service: serviceColumns, owner })
      .from(services)
      .innerJoin(users, eq(users.id, services.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(services).where(where),
  ]);
  return { items: rows.map((r) => toServiceJson(r.service, r.owner, c)), total };
}
