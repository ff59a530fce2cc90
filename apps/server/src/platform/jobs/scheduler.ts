import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Metrics } from '../metrics.js';
import { LOCK_KEYS, type LockName } from './lock-keys.js';

export interface Job {
  /** Also names its advisory lock (LOCK_KEYS): with several instances, one runs the job at a time. */
  name: LockName;
  everyMs: number;
  /**
   * Runs on every instance at once, without the lock: the job shares its work out itself (the notification
   * mail worker claims rows with FOR UPDATE SKIP LOCKED, ADR 0027). A run still going when its next tick
   * comes is not started twice on one instance.
   */
  shared?: boolean;
  run(): Promise<void>;
}

/**
 * Runs each job at start and then periodically, on every instance, made single by an advisory lock
 * (docs/decisions/0007; docs/operations.md). A failing run is logged and tried again next time.
 */
export function startJobs(database: Database, log: FastifyBaseLogger, jobs: Job[], metrics?: Metrics) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const busy = new Set<string>();
  const tick = (job: Job) => {
    if (busy.has(job.name)) return;
    busy.add(job.name);
    const timer = metrics?.jobDuration.startTimer({ job: job.name });
    const run = (job.shared ? job.run().then(() => true) : database.withTryLock(LOCK_KEYS[job.name], job.run))
      .then((ran) => {
        if (ran) timer?.();
        metrics?.jobRuns.inc({ job: job.name, outcome: ran ? 'ran' : 'skipped' });
        log.debug({ job: job.name, ran }, 'job finished');
      })
      .catch((error) => {
        metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
        log.error({ err: error, job: job.name }, 'job failed');
      })
      .finally(() => {
        running.delete(run);
        busy.delete(job.name);
      });
    running.add(run);
  };
  for (const job of jobs) {
    tick(job);
    timers.push(setInterval(() => tick(job), job.everyMs).unref());
  }
  return {
    /** Stops the timers and waits for runs in progress. */
    async stop() {
      timers.forEach(clearInterval);
      await Promise.all(running);
    },
  };
}
