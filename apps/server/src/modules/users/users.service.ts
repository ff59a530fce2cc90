import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type designerProfileSchema, type ProfileJson, type profileEditSchema, MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { didYouMean, parseSearch, type Search } from '../../db/search.js';
import { userColumns, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { catalogueChanged, designerSums, statsFor, sumsFields, toProfileStats } from '../listings/index.js';
import { toPublicUser } from '../auth/index.js';

export const USER_NOT_FOUND = MESSAGES.userNotFound;

export async function findUser(ctx: AppContext, id: string): Promise<UserRow> {
  const [row] = await ctx.db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** `GET /users/profile/{id}`: the user and their figures in one statement. */
export async function getProfile(ctx: AppContext, id: string): Promise<ProfileJson> {
  const sums = designerSums(ctx.db, users.id);
  const [found] = await ctx.db.select({ user: userColumns, sums: sumsFields(sums) }).from(users).crossJoinLateral(sums).where(eq(users.id, id)).limit(1);
  if (!found) throw new AppError('USER_NOT_FOUND');
  return { ...toPublicUser(found.user), stats: toProfileStats(found.sums, ctx.config.currency) };
}

export async function profileOf(ctx: AppContext, row: UserRow): Promise<ProfileJson> {
  const stats = (await statsFor(ctx.db, [row.id], ctx.config.currency)).get(row.id)!;
  return { ...toPublicUser(row), stats };
}

/** `/designers/create` (docs/product.md §4.5): fills the designer fields and turns the flag on. */
export async function completeDesignerProfile(ctx: AppContext, user: UserRow, input: z.output<typeof designerProfileSchema>) {
  const [row] = await ctx.db
    .update(users)
    .set({
      isDesigner: true,
      specializations: input.role,
      experience: input.experience,
      description: input.description,
      website: input.website,
      ...(input.wallpaper ? { wallpaper: input.wallpaper } : {}),
      ...(input.software ? { cadSoftware: input.software } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning(userColumns);
  catalogueChanged(ctx, { designers: [user.id] }); // specializations and software show on the designer's service pages
  return row!;
}

/** In-place edits on the profile page: the owner only (docs/product.md §4.6), whatever the client shows. */
export async function editProfile(ctx: AppContext, caller: UserRow, userId: string, input: z.output<typeof profileEditSchema>) {
  if (caller.id !== userId) {
    await findUser(ctx, userId); // 404 for a user that does not exist, 403 for someone else's
    throw new AppError('PROFILE_NOT_YOURS');
  }
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.role) changes.specializations = input.role;
  if (input.experience) changes.experience = input.experience;
  if (input.description) changes.description = input.description;
  if (input.website !== undefined) changes.website = input.website;
  if (input.wallpaper) changes.wallpaper = input.wallpaper;
  if (input.image) changes.image = input.image;
  if (input.software) changes.cadSoftware = input.software;
  const [row] = await ctx.db.update(users).set(changes).where(eq(users.id, userId)).returning(userColumns);
  catalogueChanged(ctx, { designers: [userId] }); // the image shows on service and course cards, the rest on service pages
  return row!;
}

export interface DesignerQuery {
  search?: string;
  tag?: string;
  limit: number;
  offset: number;
}

/**
 * `GET /users?isDesigner=true`, verified designers first, then the newest: one statement. The page is
 * cut from users_designers_idx first (an index-only scan even deep in the list, since the index
 * carries the id and the specializations), then only its rows are read, with their figures; the
 * total is an uncorrelated subquery, computed once. A search orders by relevance (ADR 0031; verified designers
 * +20 % within a tier) and, when it finds nothing, may come with `didYouMean`.
 */
export async function listDesigners(ctx: AppContext, query: DesignerQuery) {
  // Literal `is_designer` (not `= $1`) so the planner can match the partial index.
  const base: SQL[] = [sql`${users.isDesigner}`];
  if (query.tag) base.push(sql`${users.specializations} @> array[${query.tag}]::text[]`);
  const search = await parseSearch(ctx.db, 'designer', query.search);
  const whereWith = (s: Search | null) => and(...base, ...(s ? [s.matches(users.search)] : []))!;
  const where = whereWith(search);
  const rank = search ? search.rank(users.search, sql<number>`(1 + 0.2 * ${users.isVerified}::int)`) : sql<number>`0`;
  const page = ctx.db
    .select({ id: users.id, isVerified: users.isVerified, createdAt: users.createdAt, rank: rank.as('page_rank') })
    .from(users)
    .where(where)
    .orderBy(...(search ? [desc(rank)] : []), desc(users.isVerified), desc(users.createdAt))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const sums = designerSums(ctx.db, users.id);
  const rows = await ctx.db
    .select({ user: userColumns, sums: sumsFields(sums), total: sql<number>`(select count(*)::int from ${users} where ${where})` })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .crossJoinLateral(sums)
    .orderBy(...(search ? [desc(page.rank)] : []), desc(page.isVerified), desc(page.createdAt));
  const total = rows[0]?.total ?? (query.offset === 0 ? 0 : await countDesigners(ctx, where));
  const suggestion = total === 0 ? await didYouMean(ctx.db, 'designer', search, (corrected) => countDesigners(ctx, whereWith(corrected))) : null;
  return { items: rows.map((r) => ({ ...toPublicUser(r.user), stats: toProfileStats(r.sums, ctx.config.currency) })), total, didYouMean: suggestion };
}

/** The total alone, for a page past the end (which has no row to carry it). */
async function countDesigners(ctx: AppContext, where: SQL) {
  const [row] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  return row?.total ?? 0;
}
