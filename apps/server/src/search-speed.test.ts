import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.js';
import { seedDemo } from './seed/index.js';

/**
 * Issue 21: no form of search answers 5xx or takes more than 100 ms, on the demo data, on every searched list. The
 * response cache is off, so every request reads the database. The time is the server's: `app.inject` runs the
 * request in this process, with no network. Each is the median of five runs, after one to warm up, so that a
 * moment of load from other work on the machine does not decide it.
 */
const { app, ctx } = await useTestApp({ CATALOGUE_CACHE_MS: '0' });

beforeAll(async () => {
  expect(await seedDemo(ctx)).toBe(true);
}, 120_000);

const SEARCHES = [
  '',
  ' ',
  'a',
  '!!! ***',
  '%00',
  'a%00b',
  'x'.repeat(300),
  'zirconia '.repeat(11).trim().slice(0, 100),
  'a b c d e f g h i j k l m n o p',
  'crown',
  'zirconia crowns',
  'zirkonia',
  'zirconnia',
  'abutmnet',
  'design',
  'تاج',
  'تيجان زركونيا',
  'e.max',
  'porcelain fused to metal',
  'PFM bridge',
  'LiSi2',
  'qwxzvyqwxzvy',
  "' or 1=1 --",
  ':* & | !',
  '😀',
];
const LISTS = ['/api/gigs?', '/api/services?sort=price_asc&', '/api/gigs?sort=rating&cat=Crown&', '/api/users?isDesigner=true&', '/api/courses?'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

it('answers every search form on every list with 2xx or 4xx, each in under 100 ms (median of 5)', async () => {
  const slow: string[] = [];
  for (const list of LISTS) {
    for (const search of SEARCHES) {
      const url = `${list}search=${search.startsWith('%') || search.includes('%00') ? search : encodeURIComponent(search)}`;
      const times: number[] = [];
      for (let run = 0; run < 6; run++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url });
        const ms = performance.now() - started;
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (run > 0) times.push(ms);
      }
      const ms = median(times);
      if (ms >= 100) slow.push(`${url.slice(0, 80)}: ${ms.toFixed(1)} ms`);
    }
  }
  expect(slow).toEqual([]);
}, 240_000);

it('finds the demo catalogue through word forms, synonyms, Arabic and typing mistakes', async () => {
  const count = async (search: string) => Number((await app.inject({ method: 'GET', url: `/api/gigs?search=${encodeURIComponent(search)}` })).headers['x-total-count']);
  const crown = await count('crown');
  expect(crown).toBeGreaterThan(0);
  expect(await count('crowns')).toBe(crown);
  expect(await count('تاج')).toBeGreaterThanOrEqual(crown);
  expect(await count('zirkonia')).toBe(await count('zirconia'));
  expect(await count('zirconnia')).toBe(await count('zirconia'));
});
