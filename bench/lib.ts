import { writeFile } from 'node:fs/promises';
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
export async function measure(name: string, url: string, options: { duration?: number; connections?: number; headers?: Record<string, string> } = {}): Promise<Measurement> {
  const result = await autocannon({ url, duration: options.duration ?? 8, connections: options.connections ?? 10, headers: options.headers });
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

export async function saveResults(name: string, data: unknown) {
  const file = path.join(import.meta.dirname, 'results', `${name}.json`);
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
