import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { createMailer } from './platform/mail/mailer.js';
import { createBackgroundTasks } from './platform/background/tasks.js';
import { createJobQueue } from './platform/jobs/queue.js';
import { memoryLimits, redisLimits } from './platform/rate-limit/limiter.js';
import { createMetrics } from './platform/metrics.js';
import { createRealtimeHub } from './platform/realtime/hub.js';
import { createResponseCache } from './platform/response-cache.js';
import { localStorage } from './platform/storage/storage.js';

export interface ContextOptions {
  /** An already open database (tests, benchmarks); otherwise the configured one is opened. */
  database?: Database;
  /** Where the outbox mailer writes; null keeps mail in memory only (tests). */
  outboxDir?: string | null;
  /** Apply migrations now (default); main.ts does it itself, under the start's lock (LOCK_KEYS.startup). */
  migrate?: boolean;
}

/** Opens the database (migrated, unless asked not to) and builds the adapters the configuration asks for. */
export async function createContext(config: Config, log: FastifyBaseLogger, options: ContextOptions = {}): Promise<AppContext> {
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (options.migrate !== false) await database.migrate();
  // With REDIS_URL, instances tell each other when the catalogue changed (Socket.IO's serverSideEmit).
  const realtime = createRealtimeHub({ peers: !!config.redisUrl });
  const metrics = createMetrics();
  const catalogueCache = createResponseCache({ name: 'catalogue', ttlMs: config.catalogueCacheMs, registry: metrics.registry });
  // The other instances' indexes hear of changes from the database itself (app.ts, ADR 0048).
  realtime.onPeer('catalogue:changed', () => catalogueCache.clear());
  return {
    config,
    database,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: options.outboxDir === undefined ? path.join(config.dataDir, 'outbox') : options.outboxDir,
      log,
    }),
    // The AWS SDK loads only when it is used.
    storage:
      config.storage.kind === 's3'
        ? await (await import('./platform/storage/s3.js')).openS3Storage(config.storage)
        : localStorage(path.join(config.dataDir, 'uploads')),
    limits: config.redisUrl ? await redisLimits(config.redisUrl) : memoryLimits(),
    background: createBackgroundTasks(log),
    jobs: createJobQueue({ database, log, metrics, leaseMs: config.jobLeaseMs }),
    realtime,
    metrics,
    catalogueCache,
  };
}
