/**
 * The long tail (docs/decisions/0045): what a catalogue serves when the response cache has not seen the URL. Thousands
 * of distinct list URLs drawn from realistic searches (plurals, misspellings, synonyms, Arabic, abbreviations),
 * filters, sorts and pages, and random service ids, against the built server (apps/server/dist/main.js) in its
 * own process on PostgreSQL, once with the response cache on (CATALOGUE_CACHE_MS=5000, the default) and once off
 * (0), beside a bare Fastify route (its own process too) measured in the same run. At 10,000 and 100,000 services
 * (bench/catalogue-seed.ts, one designer per ten services). Prints each row's requests/s, p99 and ratio to the
 * bare route against the targets of docs/decisions/0048; it measures, never asserts. Two reference rows give the scale: the app's cheapest
 * route (GET /api/config) and a list answer the cache sends every time, what any list answer could reach at best.
 *
 *   npm run build && npx tsx bench/longtail.ts [--sizes=10000,100000] [--duration=10] [--urls=4000]
 *                                              [--profile=/tmp/prof]   (a CPU profile of the cache-off server)
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database per size).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { catalogueSeedSql } from './catalogue-seed.js';
import { longTailListUrls } from './longtail-urls.js';
import { bareServerProcess, freshPostgresDatabase, measure, printTable, saveResults, startBuiltServer, type Measurement } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', '10000,100000').split(',').map(Number);
const duration = Number(arg('duration', '10'));
const urlCount = Number(arg('urls', '4000'));
const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);

/** The long tail's targets (docs/decisions/0048), cache off, on PostgreSQL. */
export const LONGTAIL_TARGETS = {
  listRatio10k: 8,
  listP99Ms10k: 30,
  serviceRatio10k: 10,
  listP99Ms100k: 60,
};

interface Row extends Measurement {
  size: number;
  ratioToBare: number;
}

async function run(size: number, bareUrl: string): Promise<Row[]> {
  const pgdb = await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cusp-longtail-'));
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: pgdb.url, dataDir: null });
  await database.migrate();
  for (const statement of catalogueSeedSql(size)) await database.query(statement);
  const ids = (await database.query<{ id: string }>(`select id from services where not hidden order by md5(id::text) limit ${Math.min(urlCount, size)}`)).map((r) => r.id);
  await database.close();
  console.log(`[${size}] seeded in ${Math.round((performance.now() - started) / 1000)} s; ${ids.length} service ids`);

  const listPaths = longTailListUrls(urlCount);
  const servicePaths = ids.map((id) => `/api/services/single/${id}`);
  const rows: Row[] = [];
  const servers = [
    { cache: 'off', env: { CATALOGUE_CACHE_MS: '0' } },
    { cache: 'on', env: { CATALOGUE_CACHE_MS: '5000' } },
  ];
  const measured: Measurement[] = [];
  measured.push(await measure(`bare route (${size} run)`, bareUrl, { duration }));
  for (const s of servers) {
    const nodeArgs = profileDir && s.cache === 'off' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const server = await startBuiltServer({ ...s.env, DATABASE_URL: pgdb.url, DATA_DIR: dataDir, SEED_DEMO: 'false' }, undefined, nodeArgs);
    try {
      // The first answers wait for the catalogue index to load (ADR 0048); then, since every URL once before measuring
      // would fill the cache, a short warm-up on other URLs (the JIT, the pool).
      const loading = performance.now();
      for (const p of [...listPaths.slice(0, 3), servicePaths[0]!]) {
        const res = await fetch(server.url + p);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
      }
      console.log(`[${size}] cache ${s.cache}: first answers after ${Math.round(performance.now() - loading)} ms`);
      await measure('warm-up', server.url, { duration: Math.min(2, duration), paths: longTailListUrls(500, 7) });
      measured.push(await measure(`list, ${listPaths.length} URLs, cache ${s.cache}`, server.url, { duration, paths: listPaths }));
      measured.push(await measure(`service page, ${servicePaths.length} ids, cache ${s.cache}`, server.url, { duration, paths: servicePaths }));
      // What the product's own routes reach at best, for scale: the cheapest route (no database), and one list URL
      // the cache answers every time (the ceiling of any list answer, as it is sent).
      if (s.cache === 'on') {
        measured.push(await measure('reference: GET /api/config (no database)', server.url, { duration, paths: ['/api/config'] }));
        measured.push(await measure('reference: one list URL, a cache hit every time', server.url, { duration, paths: [listPaths[0]!] }));
      }
    } finally {
      await server.stop();
    }
  }
  // The bare route again after: the ratio uses the mean of both, as the machine's load drifts over a run.
  const bareAfter = await measure(`bare route after (${size} run)`, bareUrl, { duration });
  measured.push(bareAfter);
  const bare = (measured[0]!.requestsPerSec + bareAfter.requestsPerSec) / 2;
  for (const m of measured) rows.push({ size, ...m, ratioToBare: Math.round((m.requestsPerSec / bare) * 1000) / 10 });
  rmSync(dataDir, { recursive: true, force: true });
  await pgdb.drop();
  return rows;
}

const bare = await bareServerProcess();
console.log(`load average at the start: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const rows: Row[] = [];
try {
  for (const size of sizes) rows.push(...(await run(size, bare.url)));
} finally {
  await bare.close();
}
printTable(`Long tail: distinct list URLs and service ids on PostgreSQL, built server, 10 connections, ${duration} s each (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`, rows.map((r) => ({ ...r, ratioToBare: `${r.ratioToBare}%` })));
await saveResults('longtail', { duration, urls: urlCount, loadavg: os.loadavg(), targets: LONGTAIL_TARGETS, rows });
