import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { Metrics } from './platform/metrics.js';
import type { BackgroundTasks } from './platform/background/tasks.js';
import type { JobQueue } from './platform/jobs/queue.js';
import type { Limits } from './platform/rate-limit/limiter.js';
import type { RealtimeHub } from './platform/realtime/hub.js';
import type { ResponseCache } from './platform/response-cache.js';
import type { Storage } from './platform/storage/storage.js';

/** What every module is given: configuration and the platform adapters, built once in main/tests. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  /** Rate limits, one table (platform/rate-limit/limits.ts, ADR 0021): `ctx.limits.consume('messagesUser', userId)`. */
  limits: Limits;
  /** Work finished after the answer (mail that must not show in response times); close waits for it. */
  background: BackgroundTasks;
  /**
   * The durable job queue (ADR 0053): effects recorded with `enqueueJob(tx, ...)` in the change's transaction are
   * carried out by it; `drain()` runs what is due now (tests).
   */
  jobs: JobQueue;
  realtime: RealtimeHub;
  metrics: Metrics;
  /**
   * Public catalogue answers (service and course lists, a visible service's page), the same for every
   * viewer; cleared by catalogueChanged() after writes (ADR 0016).
   */
  catalogueCache: ResponseCache;
}
