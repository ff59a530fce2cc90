import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createScratchDatabase } from './postgres.js';

/**
 * The real server (main.ts, run from source through tsx, so no build is needed) in a process of its own,
 * for tests of what only a process shows: signals, crashes, several instances starting together.
 */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export interface Child {
  port: number;
  /** How many requests for `url` the server has logged as arrived (headers read). */
  arrived(url: string): number;
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>;
  /** True while the process runs. */
  alive(): boolean;
  output: string[];
  kill(signal: NodeJS.Signals): void;
}

/** main.ts in a child process on a free port; resolves once it listens (or, if asked, once its database is ready). */
export async function startServer(
  env: Record<string, string>,
  { until = 'listening', within = 120_000 }: { until?: 'listening' | 'database ready'; /** ms to wait for it */ within?: number } = {},
): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    // Only what is named here: a DATABASE_URL or REDIS_URL in the developer's shell must not leak in.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      // info: Fastify logs "incoming request", which tells this test what the server has received.
      LOG_LEVEL: 'info',
      // Each sign-up comes from its own address (X-Forwarded-For), so the per-address limit stays out of the way.
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const arrivals = new Map<string, number>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let port = 0;
  let running = false;
  const listening = new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      let entry: { msg?: string; req?: { url?: string } };
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      const address = entry.msg?.match(/^Server listening at http:\/\/127\.0\.0\.1:(\d+)$/);
      if (address) port = Number(address[1]);
      // main.ts's own line comes once it listens, and names the database. It and Fastify's "listening" line
      // come from two loggers, in either order: both are needed (the port is in Fastify's).
      if (entry.msg?.startsWith('Cusp is running on ')) running = true;
      if (running && port > 0) resolve();
      if (until === 'database ready' && entry.msg === 'database ready') resolve();
      if (entry.msg === 'incoming request' && entry.req?.url) arrivals.set(entry.req.url, (arrivals.get(entry.req.url) ?? 0) + 1);
    });
    readline.createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${output.join('\n')}`)));
    setTimeout(() => reject(new Error(`the server did not listen within ${within / 1000} s:\n${output.join('\n')}`)), within).unref();
  });
  try {
    await listening;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    arrived: (url) => arrivals.get(url) ?? 0,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    output,
    kill: (signal) => child.kill(signal),
  };
}

/** A data directory (in the server-pg project, a scratch PostgreSQL database too) for a test's servers, and their cleaning up. */
export async function serverData(prefix: string, settings: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
  const children: Child[] = [];
  return {
    env: { DATA_DIR: dataDir, ...settings, ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    database: scratch ? 'postgres' : 'pglite',
    children,
    async cleanUp() {
      for (const child of children) {
        child.kill('SIGKILL');
        await child.exited;
      }
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
