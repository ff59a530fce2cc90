/**
 * Page speed (docs/decisions/0015): Lighthouse on the built product, as a phone sees it. Starts the built server
 * (`npm run build` first) on a fresh DATA_DIR (embedded PGlite, demo seed), launches the system
 * Chromium headless, and runs Lighthouse (default mobile settings: Moto G Power screen, simulated slow
 * 4G and 4x CPU slowdown; performance category only) N times on each page: home, /gigs, a service
 * detail and /messages (both logged in as the demo buyer: its session cookie in the browser) and a course
 * detail. Prints the median of each figure against its target, the JavaScript each page loads (every
 * script response compressed with gzip -9, within 2 % of Vite's report) and what the image audits
 * found, and writes bench/results/pages.json. Measures, does not assert: misses exit with 0.
 *
 * Targets: performance score >= 90, LCP < 2.5 s, TBT < 200 ms, CLS < 0.1 on every page; at most
 * 170 KB (KiB) of gzipped JavaScript loaded by the home page; images in modern formats, with sizes.
 *
 *   npm run build && npx tsx bench/pages.ts [--runs=3] [--pages=home,gigs,service,course,messages]
 *     [--url=http://127.0.0.1:3000 (measure a running server instead)] [--reports=/tmp/lhr (every Lighthouse JSON)]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium as playwright } from '@playwright/test';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.mjs';
import { median, printTable, saveResults, startBuiltServer } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Math.max(1, Number(arg('runs', '3')));
const ONLY = arg('pages', '').split(',').filter(Boolean);
const REPORTS = arg('reports', '');
const GIVEN_URL = arg('url', '');

const PAGE_TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1, homeJsGzipBytes: 170 * 1024 };
const BUYER = { email: 'buyer@cusp.test', password: 'buyer-demo-1' };

interface PageSpec {
  key: string;
  name: string;
  path: string;
  login: boolean;
}

interface Script {
  url: string;
  transferBytes: number;
  rawBytes: number;
  gzipBytes: number;
}

interface RunFigures {
  benchmarkIndex: number;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  finalUrl: string;
  warnings: string[];
}

// --- the server and the browser -------------------------------------------------------------------
const dataDir = GIVEN_URL ? null : mkdtempSync(path.join(os.tmpdir(), 'cusp-bench-pages-'));
const server = GIVEN_URL ? null : await startBuiltServer({ DATA_DIR: dataDir! });
const base = (GIVEN_URL || server!.url).replace(/\/+$/, '');

const profileDir = mkdtempSync(path.join(os.tmpdir(), 'cusp-bench-chromium-'));
const chromium = spawn(findChromium(), [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
let chromiumErr = '';
chromium.stderr.on('data', (c: Buffer) => (chromiumErr = (chromiumErr + c.toString()).slice(-4000)));

let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (chromium.exitCode === null) {
    const exited = new Promise((r) => chromium.once('exit', r));
    chromium.kill('SIGTERM');
    await exited;
  }
  await server?.stop();
  rmSync(profileDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

/** Chromium writes its DevTools port to <profile>/DevToolsActivePort once it listens. */
async function debuggingPort(): Promise<number> {
  const file = path.join(profileDir, 'DevToolsActivePort');
  for (let i = 0; i < 300; i++) {
    if (existsSync(file)) {
      const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return port;
    }
    if (chromium.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Chromium did not open its debugging port:\n${chromiumErr}`);
}

// --- what to measure --------------------------------------------------------------------------------
async function json<T>(url: string): Promise<T> {
  const res = await fetch(base + url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function buyerCookie(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUYER) });
  if (!res.ok) throw new Error(`login as ${BUYER.email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
/** Fetches a script as the page did and compresses it as Vite's size report does (gzip level 9). */
async function gzipSize(url: string): Promise<{ raw: number; gzip: number }> {
  const cached = gzipCache.get(url);
  if (cached) return cached;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  gzipCache.set(url, size);
  return size;
}

type NetworkItem = { url: string; resourceType?: string; mimeType?: string; transferSize?: number; resourceSize?: number; statusCode?: number };
const networkItems = (lhr: Result) => ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
const auditItems = (lhr: Result, id: string) => ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []);

async function scriptsOf(lhr: Result): Promise<Script[]> {
  const scripts: Script[] = [];
  for (const item of networkItems(lhr)) {
    if (item.resourceType !== 'Script' || !item.url.startsWith('http')) continue;
    const { raw, gzip } = await gzipSize(item.url);
    scripts.push({ url: item.url.replace(base, ''), transferBytes: item.transferSize ?? 0, rawBytes: raw, gzipBytes: gzip });
  }
  return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function imagesOf(lhr: Result) {
  const images = networkItems(lhr).filter((i) => i.resourceType === 'Image');
  const formats: Record<string, number> = {};
  for (const i of images) {
    const f = (i.mimeType ?? 'unknown').replace('image/', '');
    formats[f] = (formats[f] ?? 0) + 1;
  }
  const legacy = images.filter((i) => /^image\/(jpeg|png|gif|bmp)$/.test(i.mimeType ?? '')).map((i) => i.url.replace(base, ''));
  return {
    loaded: images.length,
    formats,
    legacyFormat: legacy,
    // Lighthouse's own findings: savings from WebP/AVIF, images larger than shown, <img> without width/height.
    modernFormatsAudit: auditItems(lhr, 'modern-image-formats').length,
    oversizedAudit: auditItems(lhr, 'uses-responsive-images').length,
    unsizedAudit: auditItems(lhr, 'unsized-images').length,
  };
}

function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 160) ?? '';
}

const benchmarkIndexes: number[] = [];
let environment: { lighthouseVersion: string; userAgent: string } | undefined;

function figures(lhr: Result): RunFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  benchmarkIndexes.push(lhr.environment.benchmarkIndex);
  environment = { lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent };
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(num('first-contentful-paint')),
    siMs: Math.round(num('speed-index')),
    finalUrl: lhr.finalDisplayedUrl.replace(base, ''),
    warnings: [...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []), ...lhr.runWarnings.map(String)],
  };
}

/**
 * The browser's cookies for the next run: none, or the buyer's session. In the cookie jar, as a login
 * leaves it (an extra Cookie header would be replaced by the jar's own once the page sets a cookie).
 */
async function setCookies(port: number, cookie: string | null) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    if (cookie) {
      const cookies = cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      });
      await context.addCookies(cookies);
    }
  } finally {
    await browser.close();
  }
}

async function audit(port: number, page: PageSpec, cookie: string, label: string): Promise<Result> {
  await setCookies(port, page.login ? cookie : null);
  const result = await lighthouse(base + page.path, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    await writeFile(path.join(REPORTS, `${page.key}-${label}.json`), JSON.stringify(result.lhr));
  }
  return result.lhr;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const ok = (pass: boolean) => (pass ? 'pass' : 'MISS');

try {
  const port = await debuggingPort();
  const [service] = await json<Array<{ _id: string }>>('/api/gigs?limit=1');
  const [course] = await json<Array<{ _id: string }>>('/api/courses?limit=1');
  if (!service || !course) throw new Error('no service or course in the database: is the demo seed on?');
  const cookie = await buyerCookie();
  const pages: PageSpec[] = [
    { key: 'home', name: 'home', path: '/', login: false },
    { key: 'gigs', name: '/gigs', path: '/gigs', login: false },
    { key: 'service', name: 'service detail', path: `/services/${service._id}`, login: true },
    { key: 'course', name: 'course detail', path: `/courses/${course._id}`, login: false },
    { key: 'messages', name: '/messages (buyer)', path: '/messages', login: true },
  ].filter((p) => !ONLY.length || ONLY.includes(p.key));
  const unknown = ONLY.filter((k) => !pages.some((p) => p.key === k));
  if (unknown.length || !pages.length) throw new Error(`--pages: unknown ${unknown.join(', ')}; choose from home, gigs, service, course, messages`);

  // One run thrown away first (server JIT, PGlite caches, Chromium's own start-up), unless this is a smoke run.
  if (RUNS > 1) await audit(port, pages[0]!, cookie, 'warm-up');

  const measured = [];
  for (const page of pages) {
    const runs: RunFigures[] = [];
    let last: Result | undefined;
    for (let r = 1; r <= RUNS; r++) {
      last = await audit(port, page, cookie, `run${r}`);
      const f = figures(last);
      runs.push(f);
      console.log(`${page.name} run ${r}/${RUNS}: score ${f.score}, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}${f.finalUrl !== page.path ? `, ended on ${f.finalUrl}` : ''}`);
      for (const w of f.warnings) console.log(`  warning: ${w}`);
    }
    // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) has no figures: it is left out
    // of the median and counted, rather than making every median NaN.
    const valid = runs.filter((r) => Number.isFinite(r.score));
    if (valid.length < runs.length) console.log(`  ${runs.length - valid.length} run(s) without figures left out of the median`);
    const m = {
      score: median(valid.map((r) => r.score)),
      lcpMs: median(valid.map((r) => r.lcpMs)),
      tbtMs: median(valid.map((r) => r.tbtMs)),
      cls: median(valid.map((r) => r.cls)),
      fcpMs: median(valid.map((r) => r.fcpMs)),
      siMs: median(valid.map((r) => r.siMs)),
    };
    const scripts = await scriptsOf(last!);
    const images = imagesOf(last!);
    measured.push({
      key: page.key,
      name: page.name,
      path: page.path,
      loggedIn: page.login,
      median: m,
      runs,
      pass: {
        score: m.score >= PAGE_TARGETS.score,
        lcp: m.lcpMs < PAGE_TARGETS.lcpMs,
        tbt: m.tbtMs < PAGE_TARGETS.tbtMs,
        cls: m.cls < PAGE_TARGETS.cls,
        images: images.legacyFormat.length === 0 && images.modernFormatsAudit === 0 && images.unsizedAudit === 0,
      },
      lcpElement: lcpElement(last!),
      js: { requests: scripts.length, rawBytes: scripts.reduce((s, x) => s + x.rawBytes, 0), gzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0), transferBytes: scripts.reduce((s, x) => s + x.transferBytes, 0), scripts },
      images,
      // What serving text compressed would save on this page (Lighthouse's uses-text-compression).
      textCompressionSavingsBytes: (last!.audits['uses-text-compression']?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0,
      totalByteWeight: last!.audits['total-byte-weight']?.numericValue ?? NaN,
    });
  }

  const rows = measured.map((p) => ({
    page: p.name,
    score: `${p.median.score} ${ok(p.pass.score)}`,
    'LCP ms': `${p.median.lcpMs} ${ok(p.pass.lcp)}`,
    'TBT ms': `${p.median.tbtMs} ${ok(p.pass.tbt)}`,
    CLS: `${p.median.cls} ${ok(p.pass.cls)}`,
    'FCP ms': p.median.fcpMs,
    'JS KB gz (as served)': `${kb(p.js.gzipBytes)} (${kb(p.js.transferBytes)})`,
    images: `${p.images.loaded}: ${Object.entries(p.images.formats).map(([f, n]) => `${n} ${f}`).join(', ') || 'none'}; legacy ${p.images.legacyFormat.length}, unsized ${p.images.unsizedAudit}, oversized ${p.images.oversizedAudit} ${ok(p.pass.images)}`,
  }));
  const home = measured.find((p) => p.key === 'home');
  const homeJs = home
    ? { gzipBytes: home.js.gzipBytes, rawBytes: home.js.rawBytes, transferBytes: home.js.transferBytes, requests: home.js.requests, targetBytes: PAGE_TARGETS.homeJsGzipBytes, pass: home.js.gzipBytes <= PAGE_TARGETS.homeJsGzipBytes, scripts: home.js.scripts }
    : null;
  printTable(`Pages: Lighthouse mobile, median of ${RUNS} run(s) (targets: score >= ${PAGE_TARGETS.score}, LCP < ${PAGE_TARGETS.lcpMs} ms, TBT < ${PAGE_TARGETS.tbtMs} ms, CLS < ${PAGE_TARGETS.cls})`, rows);
  if (homeJs) {
    console.log(`\nHome page JavaScript: ${kb(homeJs.gzipBytes)} KB gzipped in ${homeJs.requests} scripts (${kb(homeJs.rawBytes)} KB raw, ${kb(homeJs.transferBytes)} KB as served); target <= 170 KB: ${ok(homeJs.pass)}`);
    console.table(homeJs.scripts.slice(0, 12).map((s) => ({ script: s.url, 'KB gz': kb(s.gzipBytes), 'KB raw': kb(s.rawBytes) })));
  }
  await saveResults('pages', {
    runs: RUNS,
    lighthouse: environment?.lighthouseVersion,
    userAgent: environment?.userAgent,
    // Lighthouse's CPU benchmark of this machine at each run (higher is faster; its 4x slowdown assumes ~1000+).
    benchmarkIndex: benchmarkIndexes,
    targets: PAGE_TARGETS,
    pages: measured,
    homeJs,
    rows,
  });
} finally {
  await cleanup();
}
