import { serviceListQuery } from '@cusp/shared';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createCatalogueIndex } from '../apps/server/src/modules/services/catalogue-index/catalogue-index.js';
import { catalogueSeedSql } from './catalogue-seed.js';
import { longTailListUrls } from './longtail-urls.js';
import { freshPostgresDatabase } from './lib.js';
const size = Number(process.argv[2] ?? 10000);
const pg = await freshPostgresDatabase('postgres://postgres@127.0.0.1:5432/test');
const database = await openDatabase({ databaseUrl: pg.url, dataDir: null });
await database.migrate();
for (const s of catalogueSeedSql(size)) await database.query(s);
const index = createCatalogueIndex(database.db, 'USD');
let t = performance.now();
await index.warm();
console.log('build ms', Math.round(performance.now() - t), 'heap MB', Math.round(process.memoryUsage().heapUsed / 1e6));
const urls = longTailListUrls(4000);
const queries = urls.map((u) => ({ u, q: serviceListQuery.parse(Object.fromEntries(new URL(u, 'http://x').searchParams)) }));
for (const { q } of queries.slice(0, 500)) await index.list(q); // warm stems and JIT
if (process.env.ONLY) {
  const q = serviceListQuery.parse(Object.fromEntries(new URL(process.env.ONLY, 'http://x').searchParams));
  const s = performance.now();
  for (let i = 0; i < 300; i++) await index.list(q);
  console.log('only', ((performance.now() - s) / 300 * 1000).toFixed(0), 'µs', (await index.list(q)).total);
  process.exit(0);
}
for (let round = 0; round < 2; round++) {
  const times: Array<[number, string]> = [];
  for (const { u, q } of queries) {
    const s = performance.now();
    await index.list(q);
    times.push([performance.now() - s, u]);
  }
  const sorted = times.map((x) => x[0]).sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  console.log(`round ${round}: mean ${(1000 * sum / sorted.length).toFixed(0)} µs, p50 ${(1000 * sorted[2000]!).toFixed(0)}, p90 ${(1000 * sorted[3600]!).toFixed(0)}, p99 ${(1000 * sorted[3960]!).toFixed(0)}, max ${(1000 * sorted[3999]!).toFixed(0)}`);
  const slow = times.filter((x) => x[0] > 0.5).reduce((a, x) => a + x[0], 0);
  console.log(`share of time in queries over 500 µs: ${(100 * slow / sum).toFixed(0)} % (${times.filter((x) => x[0] > 0.5).length} queries)`);
  const bySearch = new Map<string, number>();
  for (const [ms, u] of times) { const k = new URL(u, 'http://x').searchParams.get('search') ?? '(none)'; bySearch.set(k, (bySearch.get(k) ?? 0) + ms); }
  if (round === 1) console.log([...bySearch].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${(100 * v / sum).toFixed(0)}%`).join(', '));
  if (round === 1) for (const [ms, u] of times.sort((a, b) => b[0] - a[0]).slice(0, 12)) console.log((ms * 1000).toFixed(0).padStart(6), decodeURIComponent(u));
}
await database.close();
await pg.drop?.();
process.exit(0);
