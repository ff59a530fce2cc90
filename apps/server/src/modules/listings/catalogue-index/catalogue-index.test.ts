import { MATERIALS, RESTORATIONS, SERVICE_TAGS, serviceDetailJsonSchema, serviceListQuery, SOFTWARE } from '@cusp/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, eventually, newServiceInput, signUpDesigner, useTestApp } from '../../../../test/helper.js';
import { applyAdminCommand } from '../../admin/index.js';
import { catalogueChanged } from '../catalogue-cache.js';
import { catalogueIndexOf } from './catalogue-index.js';
import { jsonWith } from '../../../platform/response-cache.js';
import { getService, listServices, listServicesFromDatabase } from '../listings.service.js';

// The catalogue index (ADR 0048) against the SQL it replaces, on one random catalogue: every answer the same, byte for
// byte, in the same order, with the same total and "did you mean". Runs on PGlite, and on PostgreSQL in CI.
const { app, ctx } = await useTestApp({ CATALOGUE_CACHE_MS: '0' });

/** A small deterministic generator (mulberry32), so a failure names a query that fails again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(21);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const some = <T>(list: readonly T[], n: number): T[] => [...new Set(Array.from({ length: n }, () => pick(list)))];

const TITLE_WORDS = ['zirconia', 'crown', 'crowns', 'bridge', 'veneers', 'e.max', 'abutment', 'implant', 'night', 'guard', 'design', 'designing', 'monolithic', 'layered', 'anterior', 'posterior', 'Bryant', 'studio', 'PFM', 'porcelain', 'fused', 'to', 'metal', 'surgical', 'guide', 'تاج', 'زركونيا', 'جسر', 'قشرة', 'زرعة', 'تصميم'];
const TEXT_WORDS = [...TITLE_WORDS, 'milled', 'pressed', 'exocad', '3Shape', 'margins', 'contacts', 'occlusion', 'the', 'for', 'with', 'lithium', 'disilicate', 'titanium', 'screw-retained', 'wax-up', 'full-arch', 'splint', 'الخلفية', 'للأسنان'];
const SEARCHES = ['zirconia crowns', 'crown', 'crowns', 'zirkonia', 'zirconnia', 'Zr', 'emax', 'e.max', 'lithium disilicate', 'PFM', 'porcelain fused to metal', 'تاج', 'التاج', 'جسر', 'قشرة', 'زرعة', 'زركونيا', 'bry', 'brya', 'zirc', 'designing', 'the', 'the crown', 'guard night', 'abutmnt', 'implnt crwn', 'veneer', 'surgical guide', 'xylophone', 'monolithc', '3shape', 'desing', 'a', 'ab', '!!!', 'crown bridge veneer implant', 'metal', 'studio bryant'];

beforeAll(async () => {
  const designers = [await signUpDesigner(app), await signUpDesigner(app), await signUpDesigner(app)];
  await applyAdminCommand(ctx.db, 'verify', designers[1]!.input.email);
  const created: string[] = [];
  for (let i = 0; i < 60; i++) {
    const title = some(TITLE_WORDS, 2 + Math.floor(next() * 3)).join(' ');
    const description = some(TEXT_WORDS, 4 + Math.floor(next() * 10)).join(' ');
    const res = await app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { cookie: pick(designers).cookie },
      payload: newServiceInput({
        title,
        description,
        tags: some(SERVICE_TAGS, 1 + Math.floor(next() * 2)),
        toothPrice: 10 + Math.floor(next() * 12) * 5,
        restorations: some(RESTORATIONS, 1 + Math.floor(next() * 2)),
        materials: some(MATERIALS, 1 + Math.floor(next() * 2)),
        software: some(SOFTWARE.filter((s) => s !== 'other'), 1),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    created.push(res.json()._id);
  }
  // Sales, ratings and dates as a catalogue has them (ties included: the same sales, the same average).
  for (const id of created) {
    const stars = Math.floor(next() * 4);
    await ctx.database.query(`update services set sales = $2, star_number = $3, total_stars = $4, created_at = now() - make_interval(secs => $5) where id = $1`, [
      id,
      Math.floor(next() * 4),
      stars,
      stars * (3 + Math.floor(next() * 3)),
      Math.floor(next() * 100000),
    ]);
  }
  await ctx.database.query(`update services set hidden = true where id = $1`, [created[0]]);
  catalogueChanged(ctx);
});

function randomQuery(): Record<string, string> {
  const q: Record<string, string> = {};
  if (next() < 0.7) q.search = pick(SEARCHES);
  if (next() < 0.25) q.tag = pick(SERVICE_TAGS);
  if (next() < 0.2) q.restoration = pick(RESTORATIONS);
  if (next() < 0.2) q.material = pick(MATERIALS);
  if (next() < 0.15) q.software = pick(SOFTWARE);
  if (next() < 0.2) q.min = String(10 + Math.floor(next() * 30));
  if (next() < 0.2) q.max = String(30 + Math.floor(next() * 40));
  if (next() < 0.6) q.sort = pick(['sales', 'createdAt', 'relevance', 'price_asc', 'price_desc', 'rating']);
  q.limit = String(pick([1, 5, 12, 24, 100]));
  if (next() < 0.3) q.offset = String(Math.floor(next() * 30));
  return q;
}

describe('the catalogue index', () => {
  it('answers 1,000 random list queries exactly as the SQL does', async () => {
    let searched = 0;
    let suggested = 0;
    for (let i = 0; i < 1000; i++) {
      const raw = randomQuery();
      const query = serviceListQuery.parse(raw);
      const index = await listServices(ctx, query);
      const sql = await listServicesFromDatabase(ctx, query);
      const label = new URLSearchParams(raw).toString();
      if (process.env.DEBUG_INDEX && index.body.toString() !== JSON.stringify(sql.items)) {
        const { parseSearch } = await import('../../../db/search.js');
        const { services, users } = await import('../../../db/schema/index.js');
        const { eq, inArray, sql: q } = await import('drizzle-orm');
        const search = (await parseSearch(ctx.db, 'service', query.search))!;
        const rows = await ctx.db.select({ id: services.id, title: services.title, v: q`${services.search}::text`, c: q`${services.createdAt}::text`, r: search.rank(services.search, q`(1 + 0.2 * ${users.isVerified}::int + 0.03 * (${services.totalStars}::real / greatest(${services.starNumber}, 1)))`), s: services.starNumber, t: services.totalStars }).from(services).innerJoin(users, eq(users.id, services.userId)).where(inArray(services.id, sql.items.map((x) => x._id)));
        console.log(label, JSON.stringify(rows, null, 1), JSON.parse(index.body.toString()).map((s: { _id: string }) => s._id));
      }
      expect(JSON.parse(index.body.toString()).map((s: { _id: string }) => s._id), label).toEqual(sql.items.map((s) => s._id));
      expect(index.body.toString(), label).toBe(JSON.stringify(sql.items));
      expect(index.total, label).toBe(sql.total);
      expect(index.didYouMean, label).toBe(sql.didYouMean);
      if (raw.search && sql.total > 0) searched++;
      if (sql.didYouMean) suggested++;
    }
    // The comparison covered searches that find things, and suggestions.
    expect(searched).toBeGreaterThan(300);
    expect(suggested).toBeGreaterThan(0);
  });

  it('answers every service page as the SQL does, and none for a hidden service', async () => {
    const ids = (await ctx.database.query<{ id: string; hidden: boolean }>('select id, hidden from services'));
    expect(ids.some((r) => r.hidden)).toBe(true);
    for (const { id, hidden } of ids) {
      const page = await catalogueIndexOf(ctx)!.page(id);
      if (hidden) {
        expect(page).toBeNull();
        continue;
      }
      expect(page!.toString()).toBe(jsonWith(serviceDetailJsonSchema, await getService(ctx, id, null)));
    }
    expect(await catalogueIndexOf(ctx)!.page('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it("answers the administrator's list with hidden services as the SQL does", async () => {
    const [{ user_id: owner }] = (await ctx.database.query<{ user_id: string }>('select user_id from services limit 1')) as [{ user_id: string }];
    for (const raw of [{}, { search: 'crown' }, { sort: 'price_asc', limit: '100' }, { userId: owner.toUpperCase() }]) {
      const query = serviceListQuery.parse(raw);
      const index = await listServices(ctx, query, { includeHidden: true });
      const sql = await listServicesFromDatabase(ctx, query, { includeHidden: true });
      expect(index.body.toString()).toBe(JSON.stringify(sql.items));
      expect(index.total).toBe(sql.total);
      expect(sql.total).toBeGreaterThan(0);
    }
  });
});

describe('the catalogue index kept current', () => {
  const titles = async (query: Record<string, string>) => (JSON.parse((await listServices(ctx, serviceListQuery.parse(query))).body.toString()) as Array<{ title: string }>).map((s) => s.title);

  it('keeps its sort orders right through a few changes (each moved to its place) and many (sorted again)', async () => {
    const same = async () => {
      for (const sort of ['sales', 'createdAt', 'price_asc', 'price_desc', 'rating'] as const) {
        for (const raw of [{ sort, limit: '100' }, { sort, limit: '5', tag: 'Crown' }]) {
          const query = serviceListQuery.parse(raw);
          expect((await listServices(ctx, query)).body.toString(), sort).toBe(JSON.stringify((await listServicesFromDatabase(ctx, query)).items));
        }
      }
    };
    await same(); // every order built
    const ids = (await ctx.database.query<{ id: string }>('select id from services where not hidden order by id limit 6')).map((r) => r.id);
    for (let round = 0; round < 6; round++) {
      // Each round moves a few services to new places in every order (one is hidden in round 2).
      await ctx.database.query(`update services set sales = sales + $2, tooth_price = tooth_price + $3, total_stars = total_stars + 5, star_number = star_number + 1 where id = any($1)`, [
        round === 0 ? ids : ids.slice(0, 2),
        7 - round,
        round * 500,
      ]);
      if (round === 2) await ctx.database.query(`update services set hidden = true where id = $1`, [ids[5]]);
      catalogueChanged(ctx, { services: round === 0 ? ids : [...ids.slice(0, 2), ids[5]!] });
      if (round === 5) {
        // Every service read again four times: past 256 changes, the orders are sorted afresh.
        const all = (await ctx.database.query<{ id: string }>('select id from services')).map((r) => r.id);
        for (let k = 0; k < 4; k++) {
          catalogueChanged(ctx, { services: all });
          await listServices(ctx, serviceListQuery.parse({ limit: '1' }));
        }
      }
      await same();
    }
  });

  it('sees a change made outside the app (SQL by hand), from the database, without being told', async () => {
    const designer = await signUpDesigner(app);
    const made = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Quokka crown' }) });
    const id = made.json()._id as string;
    expect(await titles({ search: 'quokka' })).toEqual(['Quokka crown']); // told by the app: at once
    await ctx.database.query(`update services set title = 'Wombat crown' where id = $1`, [id]);
    expect(await eventually(() => titles({ search: 'wombat' }), (t) => t.length === 1)).toEqual(['Wombat crown']);
    expect(await titles({ search: 'quokka' })).toEqual([]);
    await ctx.database.query(`update users set image = 'https://example.com/new.png' where id = $1`, [designer.user._id]);
    const page = await eventually(
      async () => JSON.parse((await catalogueIndexOf(ctx)!.page(id))!.toString()) as { profilePic: string },
      (p) => p.profilePic === 'https://example.com/new.png',
    );
    expect(page.profilePic).toBe('https://example.com/new.png');
    await ctx.database.query(`delete from services where id = $1`, [id]);
    expect(await eventually(() => titles({ search: 'wombat' }), (t) => t.length === 0)).toEqual([]);
    expect(await catalogueIndexOf(ctx)!.page(id)).toBeNull();
  });

  it('is told which services changed, which designers, or everything (more than 100 rows); nothing for what no service shows', async () => {
    const heard: string[] = [];
    const stop = await ctx.database.listen('cusp_catalogue', (payload) => heard.push(payload));
    try {
      const designer = await signUpDesigner(app);
      // What the sign-up announced arrives before a mark sent after it (in commit order).
      await ctx.database.query(`select pg_notify('cusp_catalogue', 'mark')`);
      await eventually(async () => heard.includes('mark'), Boolean);
      heard.length = 0;
      await ctx.database.query(`update users set password_hash = password_hash, updated_at = now() where id = $1`, [designer.user._id]);
      await ctx.database.query(`update users set is_verified = not is_verified where id = $1`, [designer.user._id]);
      await ctx.database.query(`update services set sales = sales where id in (select id from services limit 2)`);
      // A statement on more than 100 services (the announcement's limit) says: all of them.
      await ctx.database.query(`select catalogue_notify('s', array(select gen_random_uuid()::text from generate_series(1, 101)))`);
      await eventually(async () => heard.length, (n) => n >= 3);
      expect(heard[0]).toBe(`d:${designer.user._id}`);
      expect(heard[1]).toMatch(/^s:[0-9a-f-]{36},[0-9a-f-]{36}$/);
      expect(heard[2]).toBe('*');
      expect(heard).toHaveLength(3); // the password change said nothing
    } finally {
      await stop();
    }
  });

  it.runIf(ctx.database.kind === 'postgres')('reads everything again after its listening connection was lost (what was announced meanwhile is missed)', async () => {
    const designer = await signUpDesigner(app);
    const made = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Numbat crown' }) });
    expect(await titles({ search: 'numbat' })).toEqual(['Numbat crown']);
    await ctx.database.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen "cusp_catalogue"'`);
    // Said while nobody listens: lost. The index learns it by reading everything once it listens again (a second on).
    await ctx.database.query(`update services set title = 'Bilby crown' where id = $1`, [made.json()._id]);
    expect(await eventually(() => titles({ search: 'bilby' }), (t) => t.length === 1)).toEqual(['Bilby crown']);
  });

  it('takes ids in any case, as the database does: a service deleted by its id in capitals is gone at once', async () => {
    const designer = await signUpDesigner(app);
    const made = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Dugong crown' }) });
    const id = (made.json()._id as string).toUpperCase();
    expect(await titles({ userId: designer.user._id.toUpperCase() })).toEqual(['Dugong crown']);
    expect((await app.inject({ method: 'DELETE', url: `/api/services/${id}`, headers: { cookie: designer.cookie } })).statusCode).toBe(204);
    expect(await titles({ search: 'dugong' })).toEqual([]);
    expect(await catalogueIndexOf(ctx)!.page(id)).toBeNull();
  });

  it('drops cached answers when the database announces a change (the response cache, whatever its lifetime)', async () => {
    const cached = await buildTestApp({ CATALOGUE_CACHE_MS: '300000' });
    try {
      const designer = await signUpDesigner(cached.app);
      const made = await cached.app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Tapir crown' }) });
      const url = `/api/gigs?userId=${designer.user._id}`;
      const read = async () => ((await cached.app.inject({ method: 'GET', url })).json() as Array<{ title: string }>).map((s) => s.title);
      expect(await read()).toEqual(['Tapir crown']);
      // By hand, as another instance or the admin command would: only the database's announcement can refresh it.
      await cached.ctx.database.query(`update services set title = 'Okapi crown' where id = $1`, [made.json()._id]);
      expect(await eventually(read, (t) => t[0] === 'Okapi crown')).toEqual(['Okapi crown']);
    } finally {
      await cached.close();
    }
  });

  it('reads everything again when the database asks it to without naming the change', async () => {
    const designer = await signUpDesigner(app);
    const made = await app.inject({ method: 'POST', url: '/api/services', headers: { cookie: designer.cookie }, payload: newServiceInput({ title: 'Serval crown' }) });
    expect(await titles({ search: 'serval' })).toEqual(['Serval crown']);
    await ctx.database.query(`update services set title = 'Caracal crown' where id = $1`, [made.json()._id]);
    // As after a lost connection: nothing names the change; the next list does not wait for everything to be read.
    catalogueIndexOf(ctx)!.changed(undefined, 'database');
    expect(await eventually(() => titles({ search: 'caracal' }), (t) => t.length === 1)).toEqual(['Caracal crown']);
  });
});
