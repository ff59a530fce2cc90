import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema/index.js';
import { LOCK_KEYS } from '../platform/jobs/lock-keys.js';

export type Schema = typeof schema;
/** The database as every service sees it, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a function that takes part in a caller's transaction may do with it (or with the database itself). */
export type Tx = Pick<Db, 'insert' | 'select' | 'update' | 'execute' | 'delete'>;

/** The rows of a raw `execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs `fn` only if no other process holds the advisory lock `key` (scheduled jobs on several
   * instances); returns false when it skipped.
   */
  withTryLock(key: number, fn: () => Promise<void>): Promise<boolean>;
  /**
   * Runs `fn` holding the advisory lock `key`, waiting for it if another process holds it (the start:
   * migrations and demo data run once when several instances start together). `fn` uses the pool as
   * usual; the lock is held by a connection of its own for as long as `fn` runs.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Raw SQL with $1... parameters, for tools (benchmarks, query plans), not for features. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Calls `onPayload` for every `pg_notify(channel, payload)` committed by any process on this database (a
   * notification sent inside a transaction arrives only if it commits). PostgreSQL: a connection of its own,
   * opened again after it is lost (what was sent meanwhile is missed: `onMissed` is called once it listens again).
   * Returns the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onMissed?: () => void): Promise<() => Promise<void>>;
  /** Connection pool figures for /metrics (null for the embedded database, which has no pool). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** Called with every SQL statement a feature runs (benchmarks read query plans from it). */
export type QueryListener = (sql: string, params: unknown[]) => void;


/**
 * PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory when dataDir is null). An in-memory
 * PGlite may start `from` a dump of another (`dumpPglite`): tests start from a migrated one, which skips PGlite's
 * initdb (about 3 s of a test file's 4, docs/decisions/0040).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  onQuery?: QueryListener;
  from?: Blob;
}): Promise<Database> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, logger);
  return openPglite(options.dataDir, logger, options.from);
}

type Logger = { logQuery: QueryListener } | undefined;

/** Extensions the migrations create (`CREATE EXTENSION`): PGlite must have them loaded. pg_trgm: search (ADR 0031). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** The files of an in-memory PGlite database (uncompressed), to open copies of it with `openDatabase({ from })`. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = pgliteClients.get(database);
  if (!client) throw new Error('dumpPglite: not an embedded database');
  return client.dumpDataDir('none');
}

const pgliteClients = new WeakMap<Database, PGlite>();

async function openPglite(dataDir: string | null, logger: Logger, from?: Blob): Promise<Database> {
  let client: PGlite;
  let releaseLock = async () => {};
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    releaseLock = await lockFolder(dir);
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: from });
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    // One process owns a PGlite folder, so no lock is needed.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    poolStats: () => null,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        await stop().catch(() => {});
      };
    },
    // One process owns a PGlite database: nothing to coordinate with.
    withTryLock: async (_key, fn) => {
      await fn();
      return true;
    },
    withLock: (_key, fn) => fn(),
    close: async () => {
      await client.close();
      await releaseLock();
    },
  };
  pgliteClients.set(database, client);
  return database;
}

async function openPostgres(url: string, logger: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection cut by the server (a restart, a failover, an administrator) is an 'error' event on
  // the pool; unhandled, it would end the process. The pool drops that connection and opens a new one.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost while idle: ${error.message}`));
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // The advisory lock is held by one connection, so the migration runs on that same connection.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [LOCK_KEYS.migrations]);
        try {
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [LOCK_KEYS.migrations]);
        }
      } finally {
        conn.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onPayload, onMissed) => listenPostgres(url, channel, onPayload, onMissed),
    withTryLock: async (key, fn) => {
      const conn = await pool.connect();
      try {
        const { rows } = await conn.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!rows[0]?.locked) return false;
        try {
          await fn();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]);
        }
        return true;
      } finally {
        conn.release();
      }
    },
    withLock: async (key, fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own, connected again a second after it is lost, until stopped. */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onMissed?: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean) => {
    // Keep-alive probes: a connection a firewall dropped silently would otherwise never end, and nothing would be heard.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(false), 1000).unref();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', onLost);
    next.on('end', onLost);
    client = next;
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (!first) onMissed?.();
    } catch (error) {
      if (first) stopped = true; // the caller is told; nothing keeps trying behind its back
      onLost();
      if (first) throw error;
    }
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A pid file refuses that (the admin command while the server runs, two servers on one folder).
 */
async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'cusp.pid');
  const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${holder}. Stop that server first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
    );
  }
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
