/**
 * `npm run bench` (docs/decisions/0015): runs every bench script, each as its own process (one at a time; two at a time with --small), then reads
 * their results and prints one table of every figure beside its target, written to
 * bench/results/summary.json. The scripts measure, they do not assert: a figure that misses its
 * target is a MISS in the table, not a failure. The exit code is 1 only when a script itself fails
 * (crashes, or catalogue-plans finds a list query without an index), so a smoke run catches rot.
 *
 *   npm run build && npm run bench [-- --small] [-- --only=catalogue,longtail,plans,chat,files,scan,documents,search,pages,crash] [-- --report]
 *
 * --small   toy sizes, for CI (bench/smoke.sh; the crash test's short form, 20 kills, runs there too): 0.5 s per route (1,000 services; the long tail: 300 services, 200 URLs), 20 sockets
 *           for 1 s, a 5 MB file, 5,000 triangles, one Lighthouse run of home and /messages. The figures mean nothing; the run shows each
 *           script still works (docs/decisions/0040). Results go to a scratch folder (or BENCH_RESULTS_DIR), never over
 *           the full-size figures in bench/results.
 * --report  runs nothing: prints the table from the results already in bench/results (or BENCH_RESULTS_DIR).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), as each script.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inLanes, runCollected } from '../scripts/lanes.mjs';
import { printTable, resultsDir, saveResults } from './lib.js';

const root = path.resolve(import.meta.dirname, '..');
const small = process.argv.includes('--small');
const reportOnly = process.argv.includes('--report');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean);
if (small && !process.env.BENCH_RESULTS_DIR) process.env.BENCH_RESULTS_DIR = mkdtempSync(path.join(os.tmpdir(), 'cusp-bench-small-'));
const dir = resultsDir();

/** Each script and its flags at full size and at smoke size. */
const SCRIPTS: Array<{ key: string; file: string; full: string[]; small: string[]; needsBuild?: boolean }> = [
  { key: 'catalogue', file: 'bench/catalogue.ts', full: ['--db=both', '--duration=8'], small: ['--db=both', '--duration=0.5', '--services=1000'] },
  // The long tail (docs/decisions/0045): distinct list URLs and service ids, the built server cache on and off, 10k and 100k services;
  // smoke: 300 services, 200 URLs, 0.5 s a row.
  { key: 'longtail', file: 'bench/longtail.ts', full: ['--sizes=10000,100000', '--duration=10'], small: ['--sizes=300', '--duration=0.5', '--urls=200'], needsBuild: true },
  { key: 'plans', file: 'bench/catalogue-plans.ts', full: ['--quiet'], small: ['--quiet'] },
  { key: 'chat', file: 'bench/chat.ts', full: ['--db=both', '--sockets=1000', '--duration=60'], small: ['--db=both', '--sockets=20', '--duration=1', '--warmup=0.5'], needsBuild: true },
  { key: 'files', file: 'bench/files.ts', full: ['--mb=200', '--parallel=4'], small: ['--mb=5', '--parallel=2'], needsBuild: true },
  // Scan checks (ADR 0026): a 50 MB binary STL through the mesh worker; smoke: 5,000 triangles.
  { key: 'scan', file: 'bench/scan-check.ts', full: ['--triangles=1000000'], small: ['--triangles=5000'] },
  // PDF documents (ADR 0052): 20 statement PDFs at once with /api/health timed meanwhile, on the event loop as before
  // and through the document workers; smoke: 3.
  { key: 'documents', file: 'bench/documents.ts', full: ['--count=20'], small: ['--count=3'] },
  // Every search form on every list, PGlite with the demo data, cache off (docs/decisions/0031); smoke: one run each.
  { key: 'search', file: 'bench/search-forms.ts', full: ['--runs=5'], small: ['--runs=1'] },
  // Smoke: the anonymous home page (and its JavaScript budget) and a logged-in page with its socket, one Lighthouse run each.
  { key: 'pages', file: 'bench/pages.ts', full: ['--runs=3'], small: ['--runs=1', '--pages=home,messages'], needsBuild: true },
  // The crash test (ADR 0053): SIGKILLs under load, then nothing lost or done twice; it fails the run when anything was.
  { key: 'crash', file: 'bench/crash.ts', full: ['--kills=100'], small: ['--kills=20'], needsBuild: true },
];

interface ScriptRun {
  script: string;
  args: string;
  exitCode: number | null;
  seconds: number;
  startedAt: string;
}

/** A script as its own process: `node --import tsx`, as `npx tsx` would, without npx's start-up. */
const scriptCommand = (file: string, args: string[]): [string, string[]] => [process.execPath, ['--import', 'tsx', file, ...args]];

/** Runs one script with its output going straight through (a full-size run prints as it measures). */
function runInherited(file: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(...scriptCommand(file, args), { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(127));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : null)));
  });
}

// --- run -------------------------------------------------------------------------------------------
const runs: ScriptRun[] = [];
if (!reportOnly) {
  const chosen = SCRIPTS.filter((s) => !only || only.includes(s.key));
  if (chosen.some((s) => s.needsBuild) && !existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    console.error('apps/server/dist/main.js is missing: run "npm run build" first (chat, files and pages measure the built product).');
    process.exit(1);
  }
  // Full size: one script at a time, so that no figure is taken beside another script's load. Smoke (--small): two at
  // a time, each with its own scratch databases, data folders and free ports, its output printed whole when it ends;
  // its figures mean nothing, and a script alone leaves one of CI's two cores mostly idle (docs/decisions/0040).
  const lanes = small ? 2 : 1;
  await inLanes(chosen, lanes, async (s) => {
    const args = small ? s.small : s.full;
    const heading = `\n=== ${s.file} ${args.join(' ')}`;
    const startedAt = new Date().toISOString();
    const started = performance.now();
    let code: number | null;
    if (lanes === 1) {
      console.log(heading);
      code = await runInherited(s.file, args);
    } else {
      const run = await runCollected(...scriptCommand(s.file, args), { cwd: root, env: process.env });
      console.log(`${heading}\n${run.output.trimEnd()}`);
      code = run.code;
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    runs.push({ script: s.key, args: args.join(' '), exitCode: code, seconds, startedAt });
    console.log(`=== ${s.file}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${seconds} s`);
  });
}

// --- read the results -------------------------------------------------------------------------------
type Row = { area: string; measure: string; value: string; target: string; result: string };
const rows: Row[] = [];
const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : 'MISS');
const add = (area: string, measure: string, value: string, target = '', pass: boolean | null = null) => rows.push({ area, measure, value, target, result: verdict(pass) });
const r1 = (n: number) => Math.round(n * 10) / 10;
const sources: string[] = [];

async function load<T>(name: string, key: string): Promise<(T & { at: string }) | null> {
  const file = path.join(dir, `${name}.json`);
  if (!existsSync(file)) {
    add(key, `${name}.json`, 'no results', '', false);
    return null;
  }
  const data = JSON.parse(await readFile(file, 'utf8')) as T & { at: string };
  sources.push(`${name}.json ${data.at}`);
  const run = runs.find((r) => r.script === key);
  if (run && data.at < run.startedAt) add(key, `${name}.json`, `STALE: from ${data.at}, this run failed`, '', false);
  return data;
}

type CatalogueRow = { db: string; name: string; requestsPerSec: number; p50Ms: number; p99Ms: number; errors: number };
const catalogue = await load<{ rows: CatalogueRow[] }>('catalogue', 'catalogue');
for (const db of ['postgres', 'pglite']) {
  const of = (prefix: string) => catalogue?.rows.find((r) => r.db === db && r.name.startsWith(prefix));
  const bare = of('bare route');
  if (!bare) continue;
  const area = `HTTP ${db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`;
  const pg = db === 'postgres'; // the targets are set on PostgreSQL (docs/decisions/0015, 0048); PGlite's figures are shown beside them
  const ratio = (r: CatalogueRow) => Math.round((r.requestsPerSec / bare.requestsPerSec) * 100);
  add(area, 'bare Fastify route', `${bare.requestsPerSec} req/s, p99 ${bare.p99Ms} ms`);
  const line = (r: CatalogueRow) => `${r.requestsPerSec} req/s, p99 ${r.p99Ms} ms, ${ratio(r)}% of bare${r.errors ? `, ${r.errors} errors` : ''}`;
  const list = of('GET /api/gigs filtered');
  if (list) {
    add(area, 'GET /api/gigs (10k, filtered+sorted+searched) p99', `${list.p99Ms} ms`, pg ? '< 25 ms' : '', pg ? list.p99Ms < 25 : null);
    add(area, 'GET /api/gigs (10k, filtered+sorted+searched) vs bare', line(list), pg ? '>= 15% of bare' : '', pg ? ratio(list) >= 15 : null);
  }
  const detail = of('GET /api/services/single');
  if (detail) add(area, 'GET /api/services/single/{id} vs bare', line(detail), pg ? '>= 25% of bare' : '', pg ? ratio(detail) >= 25 : null);
  const courses = of('GET /api/courses');
  if (courses) add(area, 'GET /api/courses (1k courses)', line(courses));
  const login = of('POST /api/auth/login');
  if (login) add(area, 'POST /api/auth/login (argon2id)', line(login));
}

type LongtailRow = { size: number; name: string; requestsPerSec: number; p99Ms: number; errors: number; ratioToBare: number };
const longtail = await load<{ rows: LongtailRow[]; loadavg: number[]; targets: { listRatio10k: number; listP99Ms10k: number; serviceRatio10k: number; listP99Ms100k: number } }>('longtail', 'longtail');
for (const size of [...new Set(longtail?.rows.map((r) => r.size) ?? [])]) {
  const t = longtail!.targets;
  const area = `Long tail PostgreSQL ${size} (load ${longtail!.loadavg.map((l) => l.toFixed(1)).join(' ')})`;
  const of = (prefix: string) => longtail!.rows.find((r) => r.size === size && r.name.startsWith(prefix));
  const line = (r: LongtailRow) => `${r.requestsPerSec} req/s, p99 ${r.p99Ms} ms, ${r.ratioToBare}% of bare${r.errors ? `, ${r.errors} errors` : ''}`;
  const bare = of('bare route (');
  if (bare) add(area, 'bare Fastify route (own process)', `${bare.requestsPerSec} req/s, p99 ${bare.p99Ms} ms`);
  const tenK = size === 10_000;
  const hundredK = size === 100_000;
  for (const cache of ['off', 'on']) {
    const row = (prefix: string) => longtail!.rows.find((r) => r.size === size && r.name.startsWith(prefix) && r.name.endsWith(`cache ${cache}`));
    const list = row('list,');
    const service = row('service page,');
    const judged = cache === 'off';
    if (list) {
      add(area, `list, distinct URLs, cache ${cache} vs bare`, line(list), judged && tenK ? `>= ${t.listRatio10k}% of bare` : '', judged && tenK ? list.ratioToBare >= t.listRatio10k : null);
      const p99Target = tenK ? t.listP99Ms10k : hundredK ? t.listP99Ms100k : null;
      add(area, `list, distinct URLs, cache ${cache} p99`, `${list.p99Ms} ms`, judged && p99Target ? `< ${p99Target} ms` : '', judged && p99Target ? list.p99Ms < p99Target : null);
    }
    if (service) add(area, `service page, random ids, cache ${cache} vs bare`, line(service), judged && tenK ? `>= ${t.serviceRatio10k}% of bare` : '', judged && tenK ? service.ratioToBare >= t.serviceRatio10k : null);
  }
}

const plans = await load<{ rows: Array<{ route: string; seqScan: string }> }>('catalogue-plans', 'plans');
if (plans) {
  const seq = plans.rows.filter((r) => r.seqScan);
  add('Query plans', 'list statements reading services/users by index (PostgreSQL)', `${plans.rows.length - seq.length} of ${plans.rows.length}${seq.length ? `; seq scan: ${seq.map((r) => r.route).join(', ')}` : ''}`, 'all', seq.length === 0);
}

const crash = await load<{ kills: number; violations: string[]; accepted: { paid: number } }>('crash', 'crash');
if (crash) add('Crash test', `answered effects lost or doubled after ${crash.kills} SIGKILLs (${crash.accepted.paid} orders)`, String(crash.violations.length), '0', crash.violations.length === 0);

type ChatRow = { db: string; sockets: number; sent: number; e2eP50: number; e2eP99: number; lost: number; duplicates: number; failedAcks: number };
const chat = await load<{ rows: ChatRow[] }>('chat', 'chat');
for (const c of chat?.rows ?? []) {
  const area = `Chat ${c.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`;
  // PostgreSQL: the budget of docs/decisions/0015; PGlite, the embedded default: that of docs/decisions/0046.
  const budget = c.db === 'postgres' ? 100 : 250;
  add(area, `end-to-end p99, ${c.sockets} sockets, ${c.sent} messages`, `${c.e2eP99} ms (p50 ${c.e2eP50})`, `< ${budget} ms`, c.e2eP99 < budget);
  add(area, 'messages lost', `${c.lost}${c.failedAcks ? ` (${c.failedAcks} not acknowledged)` : ''}`, '0', c.lost === 0);
  add(area, 'messages duplicated', String(c.duplicates), '0', c.duplicates === 0);
}

const files = await load<{ fileBytes: number; uploadMBps: number; downloadMBps: number; memory: { growthMB: number; rssDuringUpload: { rise: number }; rssDuringDownload: { rise: number } } }>('files', 'files');
if (files) {
  const mb = Math.round(files.fileBytes / 1024 / 1024);
  add('Files', `upload ${mb} MB`, `${files.uploadMBps} MB/s`, '>= 100 MB/s', files.uploadMBps >= 100);
  add('Files', `download ${mb} MB`, `${files.downloadMBps} MB/s`, '>= 100 MB/s', files.downloadMBps >= 100);
  const rise = Math.max(files.memory.rssDuringUpload.rise, files.memory.rssDuringDownload.rise);
  const growth = Math.max(files.memory.growthMB, rise);
  add('Files', 'server memory growth (peak over before; RSS rise)', `${files.memory.growthMB} MB; ${r1(rise)} MB`, '< 64 MB', growth < 64);
}

const scan = await load<{ fileBytes: number; triangles: number; seconds: number; memory: { rssGrowthMB: number }; health: { duringP99: number; idleP99: number } }>('scan-check', 'scan');
if (scan) {
  const label = `${Math.round(scan.fileBytes / 1024 / 1024)} MB binary STL, ${scan.triangles} triangles`;
  add('Scan check', `analysis time (${label})`, `${scan.seconds} s`, '< 2 s', scan.seconds < 2);
  add('Scan check', 'process memory growth (RSS, worker included)', `${scan.memory.rssGrowthMB} MB`, '< 64 MB', scan.memory.rssGrowthMB < 64);
  add('Scan check', 'GET /api/health p99 during the analysis', `${scan.health.duringP99} ms (idle ${scan.health.idleP99} ms)`, '< 50 ms or <= 2 x idle', scan.health.duringP99 < Math.max(50, 2 * scan.health.idleP99));
}

const documents = await load<{ count: number; health: { idleP99: number; beforeP99: number; afterP99: number; keptP99: number }; rows: Array<{ phase: string; wallMs: number; rendered: number }> }>(
  'documents',
  'documents',
);
if (documents) {
  const h = documents.health;
  add('Documents', `GET /api/health p99 during ${documents.count} statement PDFs (document workers)`, `${h.afterP99} ms (idle ${h.idleP99} ms; on the event loop ${h.beforeP99} ms)`, '< 50 ms or <= 2 x idle', h.afterP99 < Math.max(50, 2 * h.idleP99));
  const kept = documents.rows.find((r) => r.phase.startsWith('kept'));
  if (kept) add('Documents', `${documents.count} requests for a closed month's statement: layouts`, `${kept.rendered}`, '1', kept.rendered <= 1);
}

const search = await load<{ runs: number; targetMs: number; rows: Array<{ list: string; forms: number; medianMs: number; slowestMs: number; slowest: string; over: number }> }>('search-forms', 'search');
for (const r of search?.rows ?? []) {
  add('Search forms (PGlite, demo data, no cache)', `${r.list} ${r.forms} forms: slowest median of ${search!.runs} (${r.slowest})`, `${r.slowestMs} ms (median form ${r.medianMs} ms)`, `< ${search!.targetMs} ms each`, r.over === 0);
}

type PageResult = {
  name: string;
  median: { score: number; lcpMs: number; tbtMs: number; cls: number };
  images: { loaded: number; legacyFormat: string[]; modernFormatsAudit: number; unsizedAudit: number; oversizedAudit: number };
};
const pages = await load<{ runs: number; pages: PageResult[]; homeJs: { gzipBytes: number; requests: number; targetBytes: number } | null }>('pages', 'pages');
for (const p of pages?.pages ?? []) {
  const area = `Page ${p.name}`;
  const n = `median of ${pages!.runs}`;
  add(area, `Lighthouse performance (mobile, ${n})`, String(p.median.score), '>= 90', p.median.score >= 90);
  add(area, 'LCP', `${r1(p.median.lcpMs / 1000)} s`, '< 2.5 s', p.median.lcpMs < 2500);
  add(area, 'TBT', `${p.median.tbtMs} ms`, '< 200 ms', p.median.tbtMs < 200);
  add(area, 'CLS', String(p.median.cls), '< 0.1', p.median.cls < 0.1);
  const i = p.images;
  add(area, 'images: modern formats, with sizes', `${i.loaded} loaded; legacy format ${i.legacyFormat.length}, no size ${i.unsizedAudit}, larger than shown ${i.oversizedAudit}`, 'none legacy / unsized', i.legacyFormat.length === 0 && i.modernFormatsAudit === 0 && i.unsizedAudit === 0);
}
if (pages?.homeJs) {
  const js = pages.homeJs;
  add('Page home', `JavaScript loaded (${js.requests} scripts, gzip -9)`, `${r1(js.gzipBytes / 1024)} KB`, '<= 170 KB', js.gzipBytes <= js.targetBytes);
}

printTable(`Cusp bench summary${small ? ' (--small: toy sizes, the figures mean nothing)' : ''}; results in ${path.relative(root, dir) || dir}`, rows);
console.log(`measured: ${sources.join('; ')}`);
if (runs.length) console.table(runs);
const misses = rows.filter((r) => r.result === 'MISS').length;
console.log(`${rows.filter((r) => r.result === 'pass').length} pass, ${misses} miss${runs.some((r) => r.exitCode !== 0) ? `; FAILED scripts: ${runs.filter((r) => r.exitCode !== 0).map((r) => r.script).join(', ')}` : ''}`);
await saveResults('summary', { small, scripts: runs, rows });
process.exit(runs.some((r) => r.exitCode !== 0) ? 1 : 0);
