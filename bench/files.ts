/**
 * Case files (issue: files): the BUILT server as a child process, a 200 MB binary STL streamed up
 * from a generator (no 200 MB buffer here either) and streamed back down, with throughput each way
 * and the server's memory growth (/proc/<pid>/status: peak VmHWM minus VmRSS before). Then four
 * parallel 200 MB uploads while GET /api/health is timed in a loop (p50/p99 beside an idle run).
 * Targets: >= 100 MB/s each way, < 64 MB memory growth.
 *
 *   npm run build && npx tsx bench/files.ts [--mb=200] [--parallel=4]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { freePort, printTable, saveResults } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const MB = 1024 * 1024;
const FILE_MB = Number(arg('mb', '200'));
const PARALLEL = Number(arg('parallel', '4'));
const root = path.resolve(import.meta.dirname, '..');

// --- the server ------------------------------------------------------------------------------------
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cusp-bench-files-'));
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: base },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const cleanup = () => {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
  if (ok) break;
  if (i > 600 || child.exitCode !== null) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

/** kB lines of /proc/<pid>/status, in MB. */
function memory(): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}
/**
 * Samples VmRSS every 20 ms until `until` settles: the lowest value and the highest value seen after
 * it, so a fall in RSS at the start (garbage collected) cannot hide what the phase itself buffers.
 */
async function rssDuring(until: Promise<unknown>): Promise<{ min: number; maxAfterMin: number; rise: number }> {
  let done = false;
  void until.finally(() => (done = true));
  let min = Infinity;
  let maxAfterMin = 0;
  let rise = 0;
  while (!done) {
    const { rss } = memory();
    if (rss < min) min = rss;
    maxAfterMin = Math.max(maxAfterMin, rss);
    rise = Math.max(rise, rss - min);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { min, maxAfterMin, rise };
}

/** Resets the peak (VmHWM) to the current RSS, so a peak measures this phase only. */
function resetPeak(): boolean {
  try {
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// --- session -----------------------------------------------------------------------------------------
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: 'buyer@cusp.test', password: 'buyer-demo-1' }),
});
if (!login.ok) throw new Error(`login: ${login.status}`);
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

// --- a binary STL of FILE_MB MB, generated -------------------------------------------------------------
const TRIANGLES_PER_CHUNK = 20_000; // 1,000,000 bytes per chunk
function triangleChunk(): Buffer {
  const buf = Buffer.alloc(50 * TRIANGLES_PER_CHUNK);
  for (let t = 0; t < TRIANGLES_PER_CHUNK; t++) {
    const o = t * 50;
    buf.writeFloatLE(0, o); buf.writeFloatLE(0, o + 4); buf.writeFloatLE(1, o + 8); // normal
    const x = (t % 200) * 0.1;
    const y = Math.floor(t / 200) * 0.1;
    const v = [x, y, 0, x + 0.1, y, 0, x, y + 0.1, 0];
    v.forEach((c, k) => buf.writeFloatLE(c, o + 12 + k * 4));
  }
  return buf;
}
const CHUNK = triangleChunk();
const TRIANGLES = Math.floor((FILE_MB * MB - 84) / 50);
const stlSize = 84 + 50 * TRIANGLES;

function stlUpload(name: string, triangles: number) {
  const boundary = `cuspbench${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.stl"\r\nContent-Type: model/stl\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const header = Buffer.alloc(84);
  header.write('cusp bench binary STL', 0, 'latin1');
  header.writeUInt32LE(triangles, 80);
  async function* body() {
    yield head;
    yield header;
    let left = triangles;
    while (left > 0) {
      const n = Math.min(left, TRIANGLES_PER_CHUNK);
      yield n === TRIANGLES_PER_CHUNK ? CHUNK : CHUNK.subarray(0, n * 50);
      left -= n;
    }
    yield tail;
  }
  return { boundary, length: head.length + 84 + 50 * triangles + tail.length, body };
}

function upload(name: string, triangles = TRIANGLES): Promise<{ seconds: number; status: number; link: string }> {
  const { boundary, length, body } = stlUpload(name, triangles);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/file/upload`,
      { method: 'POST', headers: { cookie, origin: base, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          const seconds = (performance.now() - started) / 1000;
          if (res.statusCode !== 201) return reject(new Error(`upload ${res.statusCode}: ${text}`));
          resolve({ seconds, status: res.statusCode, link: (JSON.parse(text) as { link: string }).link });
        });
      },
    );
    req.on('error', reject);
    Readable.from(body()).pipe(req);
  });
}

function download(link: string): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(link, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ seconds: (performance.now() - started) / 1000, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** GET /api/health back to back until `until` settles; latencies in ms. */
async function healthLoop(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    samples.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 5));
  }
  return samples;
}
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

try {
  // Warm up (JIT, first write, first PGlite queries) on a 1 MB file; the big one then starts cold.
  const warm = await upload('warm-up', 20_000);
  await download(warm.link);

  const before = memory();
  const peakReset = resetPeak();
  const upPromise = upload('bench-200mb');
  const upRss = await rssDuring(upPromise);
  const up = await upPromise;
  const afterUp = memory();
  const downPromise = download(up.link);
  const downRss = await rssDuring(downPromise);
  const down = await downPromise;
  if (down.bytes !== stlSize) throw new Error(`downloaded ${down.bytes} bytes, expected ${stlSize}`);
  const afterDown = memory();

  const idle = await healthLoop(new Promise((r) => setTimeout(r, 2000)));
  const beforeParallel = memory();
  resetPeak();
  const parallelStart = performance.now();
  const uploads = Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(`parallel-${i}`)));
  const [busy, parallelRss] = await Promise.all([healthLoop(uploads), rssDuring(uploads)]);
  await uploads;
  const parallelSeconds = (performance.now() - parallelStart) / 1000;
  const afterParallel = memory();

  const sizeMb = stlSize / MB;
  const rows = [
    { measure: `upload ${round(sizeMb, 0)} MB`, value: `${round(sizeMb / up.seconds)} MB/s`, seconds: round(up.seconds, 2), target: '>= 100 MB/s' },
    { measure: `download ${round(sizeMb, 0)} MB`, value: `${round(sizeMb / down.seconds)} MB/s`, seconds: round(down.seconds, 2), target: '>= 100 MB/s' },
    { measure: 'server memory growth, one upload + download (VmHWM - VmRSS before)', value: `${round(Math.max(afterUp.hwm, afterDown.hwm) - before.rss)} MB`, seconds: '', target: '< 64 MB' },
    { measure: 'largest RSS rise above its lowest point, during the upload / the download (20 ms samples)', value: `${round(upRss.rise)} / ${round(downRss.rise)} MB`, seconds: '', target: '< 64 MB' },
    { measure: `${PARALLEL} parallel uploads, aggregate`, value: `${round((PARALLEL * sizeMb) / parallelSeconds)} MB/s`, seconds: round(parallelSeconds, 2), target: '' },
    { measure: `server memory growth, ${PARALLEL} parallel uploads (VmHWM - VmRSS before / largest RSS rise)`, value: `${round(afterParallel.hwm - beforeParallel.rss)} / ${round(parallelRss.rise)} MB`, seconds: '', target: '' },
    { measure: 'GET /api/health idle p50 / p99', value: `${round(pct(idle, 50), 2)} / ${round(pct(idle, 99), 2)} ms`, seconds: '', target: '' },
    { measure: `GET /api/health during ${PARALLEL} uploads p50 / p99 (n=${busy.length})`, value: `${round(pct(busy, 50), 2)} / ${round(pct(busy, 99), 2)} ms`, seconds: '', target: '' },
  ];
  printTable(`Case files: a ${round(sizeMb, 0)} MB binary STL through the built server (pid ${child.pid}, peak reset: ${peakReset})`, rows);
  await saveResults('files', {
    fileBytes: stlSize,
    uploadMBps: round(sizeMb / up.seconds),
    downloadMBps: round(sizeMb / down.seconds),
    memory: { rssDuringUpload: upRss, rssDuringDownload: downRss, rssDuringParallel: parallelRss, before, afterUpload: afterUp, afterDownload: afterDown, growthMB: round(Math.max(afterUp.hwm, afterDown.hwm) - before.rss), beforeParallel, afterParallel, parallelGrowthMB: round(afterParallel.hwm - beforeParallel.rss) },
    parallel: { uploads: PARALLEL, seconds: round(parallelSeconds, 2), aggregateMBps: round((PARALLEL * sizeMb) / parallelSeconds) },
    health: { idle: { n: idle.length, p50: pct(idle, 50), p99: pct(idle, 99) }, duringUploads: { n: busy.length, p50: pct(busy, 50), p99: pct(busy, 99) } },
    rows,
  });
} finally {
  cleanup();
}
