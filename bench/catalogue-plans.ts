/**
 * "Every list query uses an index (show the query plans)" (docs/decisions/0012): seeds 10,000 services and 1,000
 * designers (bench/catalogue-seed.ts) in a scratch PostgreSQL database, calls every catalogue list
 * route through the app (the service list as SQL, CATALOGUE_INDEX=false), captures the SQL each one runs (openDatabase's onQuery listener) and prints
 * EXPLAIN (ANALYZE, BUFFERS) of every statement, then a summary. Exits with 1 when any plan reads
 * `services` or `users` with a Seq Scan.
 *
 *   npx tsx bench/catalogue-plans.ts [--quiet] [--keep] [--sql=file.sql] [--db=pglite]
 * --quiet prints the summary only; --keep leaves the database in place (its URL is printed);
 * --sql runs a file of statements after the seed, to try an index before writing its migration.
 * --db=pglite plans on the embedded database (in memory) instead.
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { readFile } from 'node:fs/promises';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { createContext } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { applyAdminCommand } from '../apps/server/src/modules/admin/admin.service.js';
import { CATALOGUE_SEED_SQL } from './catalogue-seed.js';
import { freshPostgresDatabase, saveResults } from './lib.js';

const quiet = process.argv.includes('--quiet');
const keep = process.argv.includes('--keep');
const extraSql = process.argv.find((a) => a.startsWith('--sql='))?.slice('--sql='.length);

const pglite = process.argv.includes('--db=pglite');
const scratch = pglite ? null : await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
let captured: Array<{ sql: string; params: unknown[] }> | null = null;
const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, onQuery: (sql, params) => captured?.push({ sql, params }) });
await database.migrate();
for (const statement of CATALOGUE_SEED_SQL) await database.query(statement);
if (extraSql) for (const statement of (await readFile(extraSql, 'utf8')).split(/;\s*$/m)) if (statement.trim()) await database.query(statement);
// The service list's SQL as it answers with CATALOGUE_INDEX=false: with the index on (the default) the list runs no
// statement per request, and the index reads every service once, in id order, by design (ADR 0048).
const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: '/tmp/cusp-bench', LOG_LEVEL: 'silent', CATALOGUE_INDEX: 'false' });
const ctx = await createContext(config, pino({ level: 'silent' }), { database, outboxDir: null });
const app = await buildApp(ctx);
await app.ready();

// An administrator for the admin page's lists.
const admin = { username: 'bench_admin', email: 'admin@bench.test', password: 'bench-password-1', confirmPassword: 'bench-password-1', phone: '+1 555 0000' };
await app.inject({ method: 'POST', url: '/api/auth/register', payload: admin });
await applyAdminCommand(database.db, 'grant', admin.email);
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password } });
const adminCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const [designer] = await database.query<{ id: string }>(`select id from users where username = 'bench_designer_500'`);
const [service] = await database.query<{ id: string }>(`select id from services order by created_at desc offset 5000 limit 1`);

/** Every list a page asks for, with the filters, sorts and searches it can send. */
const ROUTES: Array<{ url: string; admin?: boolean }> = [
  // /gigs and /designers?view=services (docs/product.md §7.3); Best Selling is the default sort.
  { url: '/api/gigs?limit=24' },
  { url: '/api/gigs?sort=createdAt&limit=24' },
  { url: '/api/gigs?limit=24&offset=240' },
  { url: '/api/gigs?sort=createdAt&limit=24&offset=2400' }, // a hundred "Load more" clicks down
  { url: '/api/gigs?cat=Crown&limit=24' },
  { url: '/api/gigs?cat=Crown&sort=createdAt&limit=24' },
  { url: '/api/gigs?min=15&max=60&limit=24' },
  { url: '/api/gigs?min=15&max=60&sort=createdAt&limit=24' },
  { url: '/api/gigs?min=150&limit=24' },
  { url: '/api/gigs?cat=Crown&min=15&max=150&limit=24' },
  { url: '/api/gigs?search=zirc&limit=24' },
  { url: '/api/gigs?search=zirc&sort=sales&limit=24' },
  { url: '/api/gigs?search=zirc&sort=createdAt&limit=24' },
  { url: '/api/gigs?search=maryland%20bridge&limit=24' },
  { url: '/api/gigs?search=design&limit=24' }, // a word in every service
  { url: '/api/gigs?search=design&sort=sales&limit=24' },
  { url: '/api/gigs?cat=Crown&min=15&max=150&sort=sales&search=zirc&limit=24' },
  // Search (ADR 0031): word forms, synonyms, Arabic, a typing mistake, "did you mean" (nothing found).
  { url: '/api/gigs?search=zirconia%20crowns&limit=24' },
  { url: '/api/gigs?search=zirkonia&limit=24' },
  { url: `/api/gigs?search=${encodeURIComponent('تاج')}&limit=24` },
  { url: '/api/gigs?search=zirconnia&limit=24' },
  { url: '/api/gigs?search=abutmnet&limit=24' }, // finds nothing: did you mean 'abutment'
  // The sorts by price and rating (docs/product.md §7.3), plain and filtered.
  { url: '/api/gigs?sort=price_asc&limit=24' },
  { url: '/api/gigs?sort=price_desc&limit=24' },
  { url: '/api/gigs?sort=rating&limit=24' },
  { url: '/api/gigs?sort=price_asc&cat=Crown&limit=24' },
  { url: '/api/gigs?sort=rating&search=zirc&limit=24' },
  // What a service designs (docs/product.md §7.3): rare, common and combined capability filters.
  { url: '/api/gigs?restoration=veneer&limit=24' },
  { url: '/api/gigs?restoration=crown&limit=24' },
  { url: '/api/gigs?restoration=pontic&material=lithium_disilicate&limit=24' },
  { url: '/api/gigs?material=titanium&sort=createdAt&limit=24' },
  { url: '/api/gigs?software=blender_for_dental&restoration=implant_crown_screw&limit=24' },
  { url: '/api/services?restoration=inlay&material=zirconia_monolithic&software=exocad&limit=24&offset=24' },
  // The home page's newest services and a designer's services (profile tab).
  { url: '/api/services?limit=10&sort=createdAt' },
  { url: `/api/services?userId=${designer!.id}&limit=24` },
  { url: `/api/services?userId=${designer!.id}&sort=createdAt&limit=24` },
  // /designers (browse), its search and specialization filter, and one profile.
  { url: '/api/users?isDesigner=true&limit=24' },
  { url: '/api/users?isDesigner=true&limit=24&offset=480' },
  { url: '/api/users?isDesigner=true&limit=24&offset=984' }, // the last page
  { url: '/api/users?isDesigner=true&tag=Implant&limit=24' },
  { url: '/api/users?isDesigner=true&search=bench_designer_12&limit=24' },
  { url: '/api/users?isDesigner=true&search=crowns&tag=Ortho&limit=24' },
  // (Not a word every bench designer's bio holds, such as zirconia: that one is rightly a scan of the table.)
  { url: '/api/users?isDesigner=true&search=orthodontics&limit=24' },
  { url: `/api/users/profile/${designer!.id}` },
  { url: `/api/services/single/${service!.id}` },
  // The admin page.
  { url: '/api/admin/designers?status=pending&limit=100', admin: true },
  { url: '/api/admin/designers?status=verified&limit=100', admin: true },
  { url: '/api/admin/designers?status=all&limit=100', admin: true },
  { url: '/api/admin/services?limit=100&sort=createdAt', admin: true },
];

interface Row {
  route: string;
  statement: string;
  plan: string;
  rows: number;
  ms: number;
  seqScan: string;
}
const summary: Row[] = [];

for (const route of ROUTES) {
  captured = [];
  const res = await app.inject({ method: 'GET', url: route.url, headers: route.admin ? { cookie: adminCookie } : {} });
  const statements = captured;
  captured = null;
  if (res.statusCode !== 200) throw new Error(`${route.url} answered ${res.statusCode}: ${res.body}`);
  const total = res.headers['x-total-count'];
  if (!quiet) console.log(`\n=== GET ${route.url} -> ${res.statusCode}${total === undefined ? '' : `, X-Total-Count ${total}`}`);
  for (const q of statements) {
    // The session lookup of the admin's cookie is not a catalogue query.
    if (/from "sessions"/.test(q.sql)) continue;
    const lines = (await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params)).map((r) => r['QUERY PLAN']);
    const plan = lines.join('\n');
    if (!quiet) console.log(`\n${q.sql}\n-- params: ${JSON.stringify(q.params)}\n${plan}`);
    const seq = [...plan.matchAll(/Seq Scan on (services|users)\b/g)].map((m) => m[1]);
    const indexes = [...new Set([...plan.matchAll(/(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1]))];
    summary.push({
      route: route.url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}'),
      statement: /^select count\(\*\)/.test(q.sql) ? 'count' : /\(select count\(\*\)/.test(q.sql) ? 'page+total' : /group by/.test(q.sql) ? 'stats' : 'rows',
      plan: indexes.join(', ') || '(no index)',
      rows: Number(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(lines[0]!)?.[1] ?? 0),
      ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0),
      seqScan: seq.length ? `SEQ SCAN on ${[...new Set(seq)].join(', ')}` : '',
    });
  }
}

console.log(`\nCatalogue list queries at 10,000 services and 1,000 designers (${database.kind}; indexes each plan reads):`);
console.table(summary);
const bad = summary.filter((r) => r.seqScan);
console.log(bad.length ? `${bad.length} statement(s) read services or users with a Seq Scan.` : 'No statement reads services or users with a Seq Scan.');
if (!extraSql) await saveResults(database.kind === 'pglite' ? 'catalogue-plans-pglite' : 'catalogue-plans', { rows: summary });

await app.close();
await database.close();
if (keep && scratch) console.log(`database kept: ${scratch.url}`);
else await scratch?.drop();
process.exit(bad.length ? 1 : 0);
