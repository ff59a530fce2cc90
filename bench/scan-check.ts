/**
 * Scan checks (docs/decisions/0026): a closed UV sphere of about a million triangles as a
 * 50 MB binary STL is put into the server's storage and analysed through the real mesh worker (the
 * same pool and storage stream the upload uses), while GET /api/health is requested back to back on the
 * same server. Prints the analysis time, the process's RSS and heap growth (peak during the analysis
 * over the level before it, the worker already started as in a running server) and the health p99 during
 * the analysis beside an idle p99. Targets: < 2 s, < 64 MB, health answering throughout.
 *
 *   npx tsx bench/scan-check.ts [--triangles=1000000]
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { createContext } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { analyseStored } from '../apps/server/src/modules/analysis/analysis.service.js';
import { meshAnalyser } from '../apps/server/src/platform/mesh/pool.js';
import { sphereStl, sphereStlChunks } from '../apps/server/src/platform/mesh/test-meshes.js';
import { freePort, printTable, saveResults } from './lib.js';

// `--generate=<file>`: only write the sphere to that file (run as a child, so its garbage is not ours).
const generate = process.argv.find((a) => a.startsWith('--generate='))?.slice('--generate='.length);
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const TRIANGLES = Number(arg('triangles', '1000000'));
const MB = 1024 * 1024;
// A collection before the baseline, so the figure is growth and not garbage left by the set-up.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;

// A sphere: segments around × rings pole to pole, 2 × segments × (rings - 1) triangles.
const rings = Math.max(3, Math.round(Math.sqrt(TRIANGLES / 4)) + 1);
const segments = Math.max(3, Math.round(TRIANGLES / (2 * (rings - 1))));
if (generate) {
  await pipeline(Readable.from(sphereStlChunks(25, segments, rings)), createWriteStream(generate));
  process.exit(0);
}

// --- the server, in this process (the worker's effect on the event loop is what is measured) ---------
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cusp-bench-scan-'));
const port = await freePort();
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: String(port), LOG_LEVEL: 'silent' });
const database = await openDatabase({ dataDir: null });
const ctx = await createContext(config, pino({ level: 'silent' }), { database, outboxDir: null });
const app = await buildApp(ctx);
await app.listen({ host: '127.0.0.1', port });

// Made by a child process and streamed into storage: no 50 MB of garbage here to blur the memory figure.
const generated = path.join(dataDir, 'sphere.stl');
const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, `--triangles=${TRIANGLES}`, `--generate=${generated}`], { stdio: 'inherit' });
if (child.status !== 0) throw new Error('generating the sphere failed');
const { size: fileBytes } = await ctx.storage.put('cases/bench-sphere.stl', createReadStream(generated));
rmSync(generated);
const triangles = 2 * segments * (rings - 1);
const small = sphereStl(5, 32, 17);
await ctx.storage.put('cases/bench-warmup.stl', Readable.from([small]));

// The worker starts once per server; a running server has it already.
await analyseStored(ctx, 'cases/bench-warmup.stl', 'stl');

// --- GET /api/health back to back ---------------------------------------------------------------------
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const health = () =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
async function poll(stop: { done: boolean }, into: number[]) {
  while (!stop.done) {
    into.push(await health());
    await sleep(2);
  }
}
const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : NaN;
};

const idle: number[] = [];
const idleStop = { done: false };
const idleRun = poll(idleStop, idle);
await sleep(1500);
idleStop.done = true;
await idleRun;

gc?.();
await sleep(100);
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed + before.arrayBuffers;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
}, 10);

const during: number[] = [];
const stop = { done: false };
const polling = poll(stop, during);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const result = await analyseStored(ctx, 'cases/bench-sphere.stl', 'stl');
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
stop.done = true;
await polling;
clearInterval(sampler);

if (!result || result.status !== 'done') throw new Error(`the analysis failed: ${JSON.stringify(result)}`);
const rssGrowth = Math.round(((peakRss - before.rss) / MB) * 10) / 10;
const heapGrowth = Math.round(((peakHeap - before.heapUsed - before.arrayBuffers) / MB) * 10) / 10;
// The machine may be busy with other work: the event loop is free if health answers as when idle.
const healthPass = p(during, 0.99) < Math.max(50, 2 * p(idle, 0.99));
const figures = { triangles: result.triangles, vertices: result.vertices, shells: result.shells, holes: result.holes, degenerate: result.degenerate, bbox: result.bbox };

printTable(`Scan check of a ${(fileBytes / 1e6).toFixed(1)} MB binary STL (${triangles.toLocaleString('en')} triangles), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`, [
  { measure: 'analysis time (storage stream -> worker -> figures)', value: `${seconds.toFixed(2)} s`, target: '< 2 s', result: seconds < 2 ? 'pass' : 'MISS' },
  { measure: 'CPU time of the process meanwhile (worker + main thread)', value: `${cpuSeconds.toFixed(2)} s`, target: '', result: '' },
  { measure: 'process RSS growth (peak over before; worker included)', value: `${rssGrowth} MB`, target: '< 64 MB', result: rssGrowth < 64 ? 'pass' : 'MISS' },
  { measure: 'main heap + array buffers growth', value: `${heapGrowth} MB`, target: '', result: '' },
  { measure: `GET /api/health p99 during (${during.length} requests)`, value: `${p(during, 0.99)} ms (p50 ${p(during, 0.5)})`, target: '< 50 ms or <= 2 x idle p99', result: healthPass ? 'pass' : 'MISS' },
  { measure: `GET /api/health p99 idle (${idle.length} requests)`, value: `${p(idle, 0.99)} ms (p50 ${p(idle, 0.5)})`, target: '', result: '' },
  { measure: 'figures', value: JSON.stringify(figures), target: '1 shell, 0 holes', result: figures.shells === 1 && figures.holes === 0 ? 'pass' : 'MISS' },
]);

await saveResults('scan-check', {
  fileBytes,
  triangles,
  seconds: Math.round(seconds * 1000) / 1000,
  cpuSeconds: Math.round(cpuSeconds * 1000) / 1000,
  memory: { rssGrowthMB: rssGrowth, heapGrowthMB: heapGrowth, gcExposed: !!gc },
  health: { duringP99: p(during, 0.99), duringP50: p(during, 0.5), duringCount: during.length, idleP99: p(idle, 0.99), idleP50: p(idle, 0.5) },
  figures,
  cores: os.cpus().length,
  loadAverage: os.loadavg()[0],
});

agent.destroy();
await app.close();
await meshAnalyser().close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
