/**
 * Search forms (docs/decisions/0031): every odd or ordinary search on every searched list, on
 * PGlite with the demo data and the response cache off, timed in the server's own process (`app.inject`, no
 * network). Prints the median of five runs (after one to warm up) per list, the slowest form on it, and how
 * many forms reach 100 ms. The unit test `search-speed.test.ts` checks the same forms answer 2xx/4xx; the times
 * live here because a timing in a unit test fails on a busy machine (docs/decisions/0040).
 *
 *   npx tsx bench/search-forms.ts [--runs=5]
 */
import { buildTestApp } from '../apps/server/test/helper.js';
import { seedDemo } from '../apps/server/src/seed/index.js';
import { SEARCH_FORMS, SEARCHED_LISTS, searchUrl } from '../apps/server/test/search-forms.js';
import { median, printTable, saveResults } from './lib.js';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? '5');
const TARGET_MS = 100;

const t = await buildTestApp({ CATALOGUE_CACHE_MS: '0' });
try {
  await seedDemo(t.ctx);
  const rows: Array<{ list: string; forms: number; medianMs: number; slowestMs: number; slowest: string; over: number }> = [];
  for (const list of SEARCHED_LISTS) {
    const perForm: Array<{ search: string; ms: number }> = [];
    for (const search of SEARCH_FORMS) {
      const url = searchUrl(list, search);
      const times: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url });
        if (res.statusCode >= 500) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (run > 0) times.push(performance.now() - started);
      }
      perForm.push({ search, ms: median(times) });
    }
    const slowest = perForm.reduce((a, b) => (b.ms > a.ms ? b : a));
    rows.push({
      list,
      forms: perForm.length,
      medianMs: Math.round(median(perForm.map((f) => f.ms)) * 10) / 10,
      slowestMs: Math.round(slowest.ms * 10) / 10,
      slowest: JSON.stringify(slowest.search.slice(0, 30)),
      over: perForm.filter((f) => f.ms >= TARGET_MS).length,
    });
  }
  printTable(`Search forms on PGlite with the demo data, cache off: median of ${RUNS} per form (target < ${TARGET_MS} ms each)`, rows);
  await saveResults('search-forms', { runs: RUNS, targetMs: TARGET_MS, rows });
} finally {
  await t.close();
}
