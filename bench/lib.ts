import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createScratchDatabase } from '../apps/server/test/postgres.js';

export interface Measurement {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Runs autocannon against one URL; bounded in time, loopback only. */
export async function measure(
  name: string,
  url: string,
  options: { duration?: number; connections?: number; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string; paths?: string[] } = {},
): Promise<Measurement> {
  // `paths`: each request takes the next of these (every connection shares the turn), after the URL's origin.
  const paths = options.paths;
  let next = 0;
  const result = await autocannon({
    url,
    duration: options.duration ?? 8,
    connections: options.connections ?? 10,
    headers: options.headers,
    // Only when given: autocannon reads an explicit `method: undefined` as a method called "undefined".
    ...(options.method ? { method: options.method } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(paths?.length ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }] } : {}),
  });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The baseline: a bare Fastify route on the same machine, answering a small JSON document. */
export async function bareServer() {
  const app = Fastify();
  app.get('/bare', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/bare`, close: () => app.close() };
}

/** A fresh database on the local PostgreSQL server, dropped by the returned function. */
export const freshPostgresDatabase = (adminUrl: string) => createScratchDatabase(adminUrl, 'cusp_bench');

export function printTable(title: string, rows: Array<Record<string, string | number>>) {
  console.log(`\n${title}`);
  console.table(rows);
}

/**
 * Where results go: bench/results, or BENCH_RESULTS_DIR (run-all's --small sets it, so a smoke run
 * at toy sizes never overwrites the figures measured at full size).
 */
export const resultsDir = () => path.resolve(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, 'results'));

export async function saveResults(name: string, data: unknown) {
  const file = path.join(resultsDir(), `${name}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The built product (`npm run build` first) as a child process on a free port: `env` adds to or
 * overrides the defaults (production, demo seed, warnings only). Resolves once /api/health answers,
 * which is after the demo seed (main.ts seeds before it listens). `nodeArgs` go to node (`--cpu-prof`).
 */
export async function startBuiltServer(env: Record<string, string>, server = path.join(import.meta.dirname, '..', 'apps/server/dist/main.js'), nodeArgs: string[] = []) {
  const port = env.PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, server], {
    env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env, PORT: port },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, child, stop };
    if (child.exitCode !== null || i > 1200) {
      await stop();
      throw new Error(`the server (${server}) did not start; run "npm run build" first`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The bare Fastify route in a process of its own, as the built server runs in its own: the ratio then compares
 * two servers that each have a core's event loop, not one that shares the load generator's.
 */
export async function bareServerProcess() {
  const script = `import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(String(app.server.address().port) + '\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/bare`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
