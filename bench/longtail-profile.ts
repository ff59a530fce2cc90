/**
 * Where the long tail's time goes, URL by URL (docs/decisions/0045, 0048): seeds N services in a scratch PostgreSQL database,
 * answers every long-tail list URL (bench/longtail-urls.ts) once through the app in this process, cache off, and
 * prints the slowest URLs and the time by kind of request (search or not, sort, page). One request at a time, so a
 * figure is one request's own time, not a queue's.
 *
 *   npx tsx bench/longtail-profile.ts [--size=10000] [--urls=4000] [--top=25]
 */
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { createContext } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { catalogueSeedSql } from './catalogue-seed.js';
import { longTailListUrls } from './longtail-urls.js';
import { freshPostgresDatabase } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const size = Number(arg('size', '10000'));
const top = Number(arg('top', '25'));
const scratch = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
await database.migrate();
for (const statement of catalogueSeedSql(size)) await database.query(statement);
const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false', DATA_DIR: '/tmp/cusp-bench', LOG_LEVEL: 'silent', CATALOGUE_CACHE_MS: '0' });
const ctx = await createContext(config, pino({ level: 'silent' }), { database, outboxDir: null });
const app = await buildApp(ctx);
await app.ready();
const urls = longTailListUrls(Number(arg('urls', '4000')));
for (const url of longTailListUrls(300, 7)) await app.inject(url); // warm-up
const times: Array<{ url: string; ms: number }> = [];
for (const url of urls) {
  const t0 = performance.now();
  const res = await app.inject(url);
  times.push({ url, ms: performance.now() - t0 });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
}
times.sort((a, b) => b.ms - a.ms);
const pct = (p: number) => times[Math.floor((1 - p / 100) * times.length)]!.ms.toFixed(1);
console.log(`${times.length} URLs at ${size} services: p50 ${pct(50)} ms, p90 ${pct(90)}, p99 ${pct(99)}, max ${times[0]!.ms.toFixed(1)}; total ${(times.reduce((s, t) => s + t.ms, 0) / 1000).toFixed(1)} s`);
for (const t of times.slice(0, top)) console.log(`${t.ms.toFixed(1).padStart(8)} ms  ${decodeURIComponent(t.url)}`);
const bySearch = new Map<string, number[]>();
for (const t of times) {
  const search = new URL(t.url, 'http://x').searchParams.get('search') ?? '(none)';
  bySearch.set(search, [...(bySearch.get(search) ?? []), t.ms]);
}
console.log('\nmean ms by search (slowest 15):');
for (const [s, ms] of [...bySearch].map(([s, ms]) => [s, ms.reduce((a, b) => a + b, 0) / ms.length] as const).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms.toFixed(1).padStart(8)}  ${s}`);
await app.close();
await database.close();
await scratch.drop();
