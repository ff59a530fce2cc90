/**
 * Catalogue speed (docs/decisions/0012): 10,000 services and 1,000 designers; GET /api/gigs filtered, sorted and
 * searched, and GET /api/services/single/{id}, beside a bare Fastify route, on PostgreSQL and PGlite;
 * with the speed budgets (docs/decisions/0015), GET /api/courses (1,000 courses of 5 lessons) and POST /api/auth/login (one argon2id
 * verification and a session row per request).
 * Prints requests/s, p99 and the ratio to the bare route, plus the query plans of one list request
 * (every list query's plan: bench/catalogue-plans.ts). The data: bench/catalogue-seed.ts.
 *
 * ADR 0016: public catalogue reads are cached in memory (CATALOGUE_CACHE_MS, default 5 s). The plain rows
 * run with the default: each repeats one URL, so within each 5 s window the first request reads the
 * database and the rest are served from the cache (a popular page's steady state). The rows named
 * "cache off:" run the same requests against a second app on the same database with CATALOGUE_CACHE_MS=0,
 * i.e. every request reads the database: what a miss costs, and what a spread of rare URLs would see.
 *
 *   npx tsx bench/catalogue.ts [--db=postgres|pglite|both] [--duration=8] [--services=10000]
 * --services: the catalogue's size (the smoke run takes 1,000: its figures mean nothing, only that the script runs).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made).
 */
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/bootstrap.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { catalogueSeedSql } from './catalogue-seed.js';
import { bareServer, freshPostgresDatabase, measure, printTable, saveResults, type Measurement } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const which = arg('db', 'both');
const duration = Number(arg('duration', '8'));
const services = Number(arg('services', '10000'));

const LIST_URL = '/api/gigs?cat=Crown&min=15&max=150&sort=sales&search=zirc&limit=24';
const COURSES_URL = '/api/courses?limit=24';
const LOGIN = { email: 'buyer1@bench.test', password: 'bench-password-1' };

/** 1,000 courses by the bench designers, 5 lessons each (lesson counts and durations are in the list). */
const COURSES_SEED_SQL = [
  `insert into courses (creator_id, title, description, thumbnail, price, tags, created_at)
   select d.id, 'Course ' || i || ': ' || (array['Zirconia crowns in exocad','Scanning a full arch','Implant bars','Smile design'])[1 + i % 4],
          'Lesson by lesson, from the scan to the milled restoration: margins, contacts, occlusion, export. ' ||
          'Every step is shown on a real case with the files to follow along, and the common mistakes are fixed on screen.',
          '/media/' || md5(i::text || 'c') || '.webp', (i % 4) * 1500,
          array[(array['Digital Workflow','Intraoral Scanning','Crowns & Bridges','CAD Software'])[1 + i % 4]],
          now() - i * interval '1 hour'
   from generate_series(1, 1000) i join users d on d.username = 'bench_designer_' || (1 + i % (select count(*) from users where username like 'bench_designer_%'))`,
  `insert into course_videos (id, uploader_id, storage_key, content_type, size, original_name)
   select md5(c.id::text || p)::uuid, c.creator_id, 'course-videos/' || md5(c.id::text || p) || '.mp4', 'video/mp4', 20000000, 'lesson-' || p || '.mp4'
   from courses c cross join generate_series(0, 4) p`,
  `insert into lessons (course_id, position, title, video_id, duration, duration_seconds, preview)
   select c.id, p, 'Lesson ' || (p + 1), md5(c.id::text || p)::uuid, '10:30', 630, p = 0
   from courses c cross join generate_series(0, 4) p`,
  'vacuum analyze courses',
  'vacuum analyze course_videos',
  'vacuum analyze lessons',
];

async function run(kind: 'postgres' | 'pglite', bareUrl: string) {
  const pgdb = kind === 'postgres' ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : null;
  const captured: Array<{ sql: string; params: unknown[] }> = [];
  let capture = false;
  const database = await openDatabase({
    databaseUrl: pgdb?.url,
    dataDir: null,
    onQuery: (sql, params) => capture && captured.push({ sql, params }),
  });
  await database.migrate();
  for (const statement of catalogueSeedSql(services)) await database.query(statement);
  for (const statement of COURSES_SEED_SQL) await database.query(statement);
  await database.query(`update users set password_hash = $1 where email = $2`, [await hashPassword(LOGIN.password), LOGIN.email]);
  const start = async (cacheMs: string) => {
    const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: '/tmp/cusp-bench', LOG_LEVEL: 'silent', CATALOGUE_CACHE_MS: cacheMs });
    const ctx = await createContext(config, pino({ level: 'silent' }), { database, outboxDir: null });
    const app = await buildApp(ctx);
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
  };
  // The product as configured by default (cache on), and the same on the same database with the cache off.
  const { app, base } = await start('5000');
  const { app: uncachedApp, base: uncachedBase } = await start('0');
  const [{ id } = { id: "" }] = await database.query<{ id: string }>(`select id from services order by created_at desc offset $1 limit 1`, [Math.floor(services / 2)]);

  // Query plans of what one list request runs, once the catalogue index has loaded (its load is not per request).
  await (await fetch(`${uncachedBase}/api/gigs?limit=1`)).arrayBuffer();
  capture = true;
  const sample = await fetch(uncachedBase + (process.env.BENCH_PLAN_URL ?? LIST_URL));
  capture = false;
  await sample.arrayBuffer();
  const found = Number(sample.headers.get('x-total-count'));
  console.log(`\n[${kind}] ${LIST_URL} -> ${found} matches; query plans:${captured.length ? '' : ' none (the catalogue index answers it, ADR 0048)'}`);
  for (const q of captured) {
    const plan = await database.query<Record<string, string>>(`explain (analyze, buffers) ${q.sql}`, q.params);
    console.log(`\n${q.sql.slice(0, 160)}...\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
  }

  if (process.env.BENCH_PROFILE) {
    // The database path: the app with the cache off.
    const t0 = performance.now();
    for (let i = 0; i < 200; i++) await uncachedApp.inject({ method: 'GET', url: '/api/gigs?sort=createdAt&limit=24' });
    console.log('200 sequential list requests', (performance.now() - t0).toFixed(1), 'ms');
    for (const url of [LIST_URL, '/api/gigs?sort=createdAt&limit=24', `/api/services/single/${id}`, LIST_URL]) {
      const t = performance.now();
      const r = await uncachedApp.inject({ method: 'GET', url });
      console.log(url, r.statusCode, (performance.now() - t).toFixed(1), 'ms');
    }
    for (const q of ['select count(*) from services where not hidden', "select * from services where not hidden order by created_at desc limit 24"]) {
      const t = performance.now();
      await database.query(q);
      console.log(q, (performance.now() - t).toFixed(1), 'ms');
    }
  }
  const results: Measurement[] = [];
  results.push(await measure(`bare route (${kind} run)`, bareUrl, { duration }));
  // The cached and the uncached app must answer the same bytes (ADR 0016).
  for (const url of [LIST_URL, `/api/services/single/${id}`, COURSES_URL]) {
    const [cached, uncached] = await Promise.all([fetch(base + url), fetch(uncachedBase + url)]);
    const [a, b] = await Promise.all([cached.text(), uncached.text()]); // a body left unread keeps its connection busy
    if (a !== b || cached.headers.get('x-total-count') !== uncached.headers.get('x-total-count')) throw new Error(`${url}: cached and uncached answers differ`);
  }
  const courses = await fetch(base + COURSES_URL);
  await courses.arrayBuffer(); // a body left unread keeps its connection busy, and app.close() waits for it
  const courseCount = courses.headers.get('x-total-count');
  if (courseCount !== '1000') throw new Error(`${COURSES_URL}: x-total-count ${courseCount}, expected 1000`);
  // Names: bench/run-all.ts reads the rows starting "GET /api/gigs filtered", "GET /api/services/single" and
  // "GET /api/courses" (the product as configured); the "cache off:" rows are the database path.
  const cached = 'cached, CATALOGUE_CACHE_MS=5000';
  results.push(await measure(`GET /api/gigs filtered+sorted+searched (${cached})`, base + LIST_URL, { duration }));
  results.push(await measure(`cache off: GET /api/gigs filtered+sorted+searched (catalogue index)`, uncachedBase + LIST_URL, { duration }));
  results.push(await measure(`GET /api/gigs newest, no filter (${cached})`, base + '/api/gigs?sort=createdAt&limit=24', { duration }));
  results.push(await measure(`GET /api/services/single/{id} (${cached})`, `${base}/api/services/single/${id}`, { duration }));
  results.push(await measure(`cache off: GET /api/services/single/{id} (catalogue index)`, `${uncachedBase}/api/services/single/${id}`, { duration }));
  results.push(await measure(`GET /api/courses (${cached})`, base + COURSES_URL, { duration }));
  results.push(await measure(`cache off: GET /api/courses (database)`, uncachedBase + COURSES_URL, { duration }));
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LOGIN) });
  const loginBody = await login.text();
  if (!login.ok) throw new Error(`login: ${login.status} ${loginBody}`);
  results.push(
    await measure(`POST /api/auth/login`, `${base}/api/auth/login`, {
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    }),
  );
  await uncachedApp.close();
  await app.close();
  await database.close();
  await pgdb?.drop();
  const bare = results[0]!.requestsPerSec;
  return results.map((r) => ({ db: kind, ...r, ratioToBare: `${Math.round((r.requestsPerSec / bare) * 100)}%` }));
}

const bare = await bareServer();
const rows = [];
for (const kind of which === 'both' ? (['postgres', 'pglite'] as const) : [which as 'postgres' | 'pglite']) rows.push(...(await run(kind, bare.url)));
await bare.close();
printTable('Catalogue: 10,000 services, 1,000 designers (10 connections)', rows);
await saveResults('catalogue', { rows });
