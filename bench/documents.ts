/**
 * PDF documents and the event loop (docs/decisions/0052): a new account with no orders asks for `--count` (20)
 * monthly statement PDFs at once while GET /api/health is requested back to back on the same server, in this
 * process. Three phases, each with the health latency (p50, p99, max) beside an idle run:
 *
 *   before  the layouts called on the event loop, as the route did before ADR 0052 (the same function, the same
 *           statement, 20 at once)
 *   after   GET /api/statements/{this month}.pdf x 20 through HTTP: laid out in the document workers
 *   csv     the same statements as CSV: the requests' own work (session, database) without any layout
 *   kept    GET /api/statements/{last month}.pdf x 20: a closed month, laid out once and then served as kept
 *
 * Target, as the scan check's: health p99 during "after" under 50 ms or at most twice the idle p99 (it was
 * seconds "before"). With `--db=postgres` the database
 * is a fresh one on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the default, the
 * embedded PGlite, answers queries on this process's event loop, which the "csv" row shows.
 *
 *   npx tsx bench/documents.ts [--count=20] [--db=pglite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { createContext } from '../apps/server/src/bootstrap.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { statementPdf } from '../apps/server/src/modules/billing/billing-pdf.js';
import { documentRenderer } from '../apps/server/src/platform/pdf/documents.js';
import { knowContext, signUpDesigner } from '../apps/server/test/helper.js';
import { freePort, freshPostgresDatabase, median, printTable, saveResults } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const COUNT = Number(arg('count', '20'));
const DB = arg('db', 'pglite');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cusp-bench-documents-'));
const port = await freePort();
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: String(port), LOG_LEVEL: 'silent' });
const scratch = DB === 'postgres' ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : null;
const database = await openDatabase({ dataDir: null, databaseUrl: scratch?.url });
const ctx = await createContext(config, pino({ level: 'silent' }), { database, outboxDir: null });
const app = await buildApp(ctx);
knowContext(app, ctx); // the sign-up helper confirms the designer's address (ADR 0050)
await app.listen({ host: '127.0.0.1', port });
const base = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: COUNT + 2 });

/** One GET through a real socket; its time in ms and status. */
function get(url: string, cookie?: string): Promise<{ ms: number; status: number; bytes: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent, headers: cookie ? { cookie } : {} }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, bytes }));
      })
      .on('error', reject);
  });
}

/** /api/health back to back until `until` settles (at least `min` times): the latencies. */
async function healthDuring(until: Promise<unknown>, min = 1): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done || times.length < min) {
    const res = await get('/api/health');
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    times.push(res.ms);
  }
  return times;
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;
const figures = (phase: string, health: number[], wallMs: number, rendered: number) => ({
  phase,
  pdfs: COUNT,
  wallMs: Math.round(wallMs),
  rendered,
  healthRequests: health.length,
  healthP50Ms: round(median(health)),
  healthP99Ms: round(p99(health)),
  healthMaxMs: round(Math.max(...health)),
});

const designer = await signUpDesigner(app);
const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

// Warm-up: the workers start once per server, a running server has them; pdf-lib and the fonts load here too.
await get(`/api/statements/${thisMonth}.pdf`, designer.cookie);
const statement = { month: thisMonth, designer: 'bench', currency: 'USD', opening: 0, closing: 0, lines: [], totals: { gross: 0, fee: 0, refunded: 0, payout: 0, net: 0 } };
await statementPdf(statement, 'en');

const idle = await healthDuring(new Promise((r) => setTimeout(r, 1000)), 50);

// After: the route, its layouts in the document workers.
let renders = documentRenderer().rendered;
let start = performance.now();
const routed = Promise.all(Array.from({ length: COUNT }, () => get(`/api/statements/${thisMonth}.pdf`, designer.cookie)));
const afterHealth = await healthDuring(routed);
const answers = await routed;
if (answers.some((a) => a.status !== 200 || a.bytes < 1000)) throw new Error(`a PDF failed: ${answers.map((a) => a.status).join(',')}`);
const after = figures('after: document workers', afterHealth, performance.now() - start, documentRenderer().rendered - renders);

// For reference: the same requests' database work without a layout (the statement as CSV).
start = performance.now();
const csvRuns = Promise.all(Array.from({ length: COUNT }, () => get(`/api/statements/${thisMonth}.csv`, designer.cookie)));
const csvHealth = await healthDuring(csvRuns);
const csv = figures('reference: the same as CSV', csvHealth, performance.now() - start, 0);

// Kept: a closed month, laid out once.
renders = documentRenderer().rendered;
start = performance.now();
const keptRuns = Promise.all(Array.from({ length: COUNT }, () => get(`/api/statements/${lastMonth}.pdf`, designer.cookie)));
const keptHealth = await healthDuring(keptRuns);
if ((await keptRuns).some((a) => a.status !== 200)) throw new Error('a kept PDF failed');
const kept = figures('kept: closed month', keptHealth, performance.now() - start, documentRenderer().rendered - renders);

// Before: the layout on the event loop, as the route ran it (last: its garbage is not left to the other phases).
start = performance.now();
const inline = Promise.all(Array.from({ length: COUNT }, () => statementPdf(statement, 'en')));
const before = figures('before: on the event loop', await healthDuring(inline), performance.now() - start, COUNT);

const rows = [figures('idle', idle, 1000, 0), before, after, csv, kept];
printTable(`${COUNT} statement PDFs at once, /api/health back to back meanwhile (${DB})`, rows);
const idleP99 = rows[0]!.healthP99Ms;
const target = Math.max(50, 2 * idleP99);
console.log(`health p99 during the PDFs: ${after.healthP99Ms} ms (target < ${target} ms; idle ${idleP99} ms; before ADR 0052: ${before.healthP99Ms} ms)`);
await saveResults(DB === 'postgres' ? 'documents-postgres' : 'documents', {
  count: COUNT,
  db: DB,
  cores: os.availableParallelism(),
  loadAverage: os.loadavg()[0],
  rows,
  health: { idleP99, beforeP99: before.healthP99Ms, afterP99: after.healthP99Ms, afterMax: after.healthMaxMs, keptP99: kept.healthP99Ms },
});

agent.destroy();
await app.close();
await documentRenderer().close();
await database.close();
await scratch?.drop();
rmSync(dataDir, { recursive: true, force: true });
