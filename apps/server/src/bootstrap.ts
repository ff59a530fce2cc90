import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './platform/mail/mailer.js';
import { memoryRateLimiter } from './platform/rate-limit/limiter.js';
import { localStorage } from './platform/storage/storage.js';

/** Opens the database (migrated) and builds the adapters the configuration asks for. */
export async function createContext(config: Config, log: FastifyBaseLogger): Promise<AppContext> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  return {
    config,
    database,
    db: database.db,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    }),
    storage: localStorage(path.join(config.dataDir, 'uploads')),
    limiter: memoryRateLimiter(),
  };
}
