import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { jobs, type JobRow } from '../../db/schema/index.js';
import type { Metrics } from '../metrics.js';

/**
 * The durable job queue (docs/decisions/0053). A change records what it causes (`enqueueJob`) in its own
 * transaction; once that commits, a worker on any instance claims the job (FOR UPDATE SKIP LOCKED), carries it out
 * and marks it done. A failure is retried with a growing delay until it succeeds; a job whose instance died while
 * working on it is claimed again when its lease runs out. So an effect is never lost, and it is done twice only if
 * an instance dies between doing it and marking it done: each handler makes that harmless with the job's key (the
 * provider's idempotency key, the mail's Message-ID and outbox file name).
 */

/** What a handler is given: the payload as recorded, and the job's key (its idempotency key outside). */
export type JobHandler = (payload: never, job: { key: string; attempts: number }) => Promise<void>;

/** How many jobs one claim takes: they run side by side. */
const BATCH = 10;
/** New jobs are heard of at once (LISTEN); the poll finds retries whose delay has passed, and notices lost meanwhile. */
const POLL_MS = 5_000;
/** The longest wait before a retry: an hour, however often it failed. */
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * Records a job in the caller's transaction (or straight in the database). The same `key` recorded again is the same
 * job: a retried request, or a change made twice, causes its effect once.
 */
export async function enqueueJob(tx: Tx, kind: string, key: string, payload: unknown, options: { runAfter?: Date } = {}): Promise<void> {
  await tx
    .insert(jobs)
    .values({ kind, key, payload, runAfter: options.runAfter ?? sql`now()` })
    .onConflictDoNothing({ target: jobs.key });
}

/** Deletes jobs done more than `days` ago (the scheduled `sweep-jobs`): what is still due is never touched. */
export async function deleteDoneJobs(db: Database['db'], days = 30): Promise<void> {
  await db.delete(jobs).where(lt(jobs.doneAt, sql`now() - ${`${days} days`}::interval`));
}

/** The delay before attempt `attempts + 1`: 2 s, 4 s, 8 s... up to an hour, with a little jitter so instances spread out. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.min(attempts, 22));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

export interface JobQueue {
  /** The handler of one kind of job; registered before `start`. */
  handle<P>(kind: string, handler: (payload: P, job: { key: string; attempts: number }) => Promise<void>): void;
  /** Starts working: at once, on every committed job (cusp_jobs), and every few seconds. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for those running. */
  stop(): Promise<void>;
  /** Runs every job due now, including those recorded by the jobs it runs, until none is left (tests, the admin command). */
  drain(): Promise<void>;
}

export function createJobQueue(options: { database: Database; log: FastifyBaseLogger; metrics?: Metrics; leaseMs: number }): JobQueue {
  const { database, log, metrics, leaseMs } = options;
  const db = database.db;
  const handlers = new Map<string, JobHandler>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  /** The current pass over due jobs, if one runs; a wake-up during it asks for another pass after. */
  let pass: Promise<void> | null = null;
  let again = false;

  const claim = async (): Promise<JobRow[]> => {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), lte(jobs.runAfter, sql`now()`), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`))))
      .orderBy(asc(jobs.runAfter))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
  };

  const run = async (job: JobRow) => {
    const handler = handlers.get(job.kind);
    try {
      // A kind this release does not know (a newer instance recorded it during a deploy) waits for one that does.
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload as never, { key: job.key, attempts: job.attempts });
      await db.update(jobs).set({ doneAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(jobs.id, job.id));
      metrics?.jobRuns.inc({ job: `queue:${job.kind}`, outcome: 'ran' });
    } catch (error) {
      const delay = retryDelayMs(job.attempts);
      log.error({ err: error, job: { kind: job.kind, key: job.key, attempts: job.attempts }, retryInMs: delay }, 'job failed: it will be tried again');
      metrics?.jobRuns.inc({ job: `queue:${job.kind}`, outcome: 'failed' });
      await db
        .update(jobs)
        .set({ lockedUntil: null, lastError: String(error).slice(0, 1000), runAfter: sql`now() + ${`${delay} milliseconds`}::interval` })
        .where(eq(jobs.id, job.id))
        .catch((markError: unknown) => log.error({ err: markError }, 'job failed and could not be marked: its lease will free it'));
    }
  };

  /** Claims and runs batches until none is due. */
  const runDue = async () => {
    while (!stopped) {
      const batch = await claim();
      if (batch.length === 0) return;
      await Promise.all(batch.map(run));
    }
  };

  const wake = (): Promise<void> => {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await runDue();
        } while (again);
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'job queue: a pass failed; the next poll tries again');
      } finally {
        pass = null;
      }
    })();
    return pass;
  };

  return {
    handle(kind, handler) {
      handlers.set(kind, handler as JobHandler);
    },
    async start() {
      stopped = false;
      // The embedded database has one process: a lease it finds was held by this process before a crash.
      if (database.kind === 'pglite') await db.update(jobs).set({ lockedUntil: null }).where(isNull(jobs.doneAt));
      unlisten = await database.listen('cusp_jobs', () => void wake(), () => void wake());
      timer = setInterval(() => void wake(), POLL_MS).unref();
      void wake();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      while (pass) await pass;
    },
    async drain() {
      for (;;) {
        while (pass) await pass;
        const batch = await claim();
        if (batch.length === 0 && !pass) return;
        await Promise.all(batch.map(run));
      }
    },
  };
}
