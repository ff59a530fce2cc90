/**
 * The crash test (docs/decisions/0053) against the built server on PostgreSQL: `--kills` SIGKILLs at random moments
 * under load (orders paid, delivered, accepted, cancelled and refunded; chat; reset mails), each followed by a start
 * on the same database and data folder; then every answered request's effects are checked to exist exactly once,
 * every job to have run and the books to balance (apps/server/test/crash.ts). Exits 1 when anything was lost or
 * done twice, so the smoke run in CI (20 kills) fails on it; the full run kills 100 times.
 *
 *   npm run build && npx tsx bench/crash.ts [--kills=100]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCrashTest, type CrashServer } from '../apps/server/test/crash.js';
import { freePort, freshPostgresDatabase, printTable, saveResults } from './lib.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const KILLS = Number(arg('kills', '100'));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MAIN = path.join(import.meta.dirname, '..', 'apps/server/dist/main.js');

/** The built server, resolved once /api/health answers. */
async function start(env: Record<string, string>): Promise<CrashServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; ; i++) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || i > 600) throw new Error('the built server did not start: run "npm run build" first');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, exited, kill: (signal) => child.kill(signal) };
}

const scratch = await freshPostgresDatabase(adminUrl);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cusp-crash-'));
const started = Date.now();
try {
  const report = await runCrashTest({ kills: KILLS, databaseUrl: scratch.url, dataDir, start, killAfterMs: [500, 3000], log: (line) => console.log(line) });
  const sorted = [...report.restartMs].sort((a, b) => a - b);
  printTable(`Crash test: ${KILLS} SIGKILLs under load (built server, PostgreSQL)`, [
    { measure: 'orders confirmed (answered 200)', value: report.accepted.paid },
    { measure: 'cancelled and refunded', value: report.accepted.cancelled },
    { measure: 'delivered and accepted', value: report.accepted.completed },
    { measure: 'chat messages answered', value: report.accepted.messages },
    { measure: 'password resets answered', value: report.accepted.resets },
    { measure: 'requests cut by a kill', value: report.cut },
    { measure: 'restart, median / max (ms)', value: `${sorted[Math.floor(sorted.length / 2)] ?? 0} / ${sorted.at(-1) ?? 0}` },
    { measure: 'effects lost or doubled', value: report.violations.length },
  ]);
  if (report.refused.length) console.log(`cases ended by a 4xx (first ${report.refused.length}):\n  ${report.refused.join('\n  ')}`);
  await saveResults('crash', { ...report, seconds: Math.round((Date.now() - started) / 1000) });
  if (report.violations.length > 0) {
    console.error(`LOST OR DOUBLED:\n  ${report.violations.slice(0, 50).join('\n  ')}`);
    process.exitCode = 1;
  }
  if (report.accepted.paid === 0) {
    console.error('the load confirmed no order: the run proves nothing');
    process.exitCode = 1;
  }
} finally {
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
