import pino from 'pino';
import { buildApp } from './app.js';
import { createContext } from './bootstrap.js';
import { ConfigError, loadConfig, scaleOutWarnings } from './config.js';
import { seedDemo } from './seed/index.js';
import { startJobs } from './platform/jobs/scheduler.js';
import { redactingLoggerOptions } from './platform/log-redaction.js';
import { scheduledJobs } from './jobs.js';
import { LOCK_KEYS } from './platform/jobs/lock-keys.js';
import { sealLegacyPayoutDetails } from './modules/payouts/index.js';
import { catalogueIndexOf } from './modules/listings/index.js';


async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, ...redactingLoggerOptions() });
  for (const warning of scaleOutWarnings(config)) logger.warn(warning);
  // A request's or socket's promise rejected with nobody listening would end the process under Node's
  // default, taking every other user's requests with it: it is logged, and the server keeps serving (ADR
  // 0022). A synchronous throw outside any handler still ends it (its state is unknown): logged first.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception: stopping');
    process.exit(1);
  });

  // A signal can come while the server is still starting (a deploy replaced it at once). Without a
  // handler Node would end the process mid-step: half the demo data written, or PGlite's files cut
  // mid-write. Until the server listens, a signal is noted, the current step finishes, and the server
  // closes what it has opened and exits 0.
  let stopRequested: string | null = null;
  let shutdown = async (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    logger.info(`${signal} while starting: stopping after the current step`);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const stopIfAsked = async (close: () => Promise<void>) => {
    if (!stopRequested) return;
    let code = 0;
    try {
      await close();
      logger.info(`${stopRequested}: stopped before listening`);
    } catch (error) {
      logger.error(error, `${stopRequested}: closing failed`);
      code = 1;
    }
    process.exit(code);
  };

  const ctx = await createContext(config, logger, { migrate: false });
  // Several instances starting at once on one empty PostgreSQL database: one migrates and writes the
  // demo data while the others wait for the lock, then find both done (ADR 0022). PGlite: one process.
  await ctx.database.withLock(LOCK_KEYS.startup, async () => {
    await ctx.database.migrate();
    logger.info('database ready');
    // Payout details kept in clear before migration 0018 are sealed now: the key is not the database's (ADR 0043).
    const sealed = await sealLegacyPayoutDetails(ctx);
    if (sealed) logger.info(`payout details sealed: ${sealed}`);
    if (stopRequested) return;
    if (config.seedDemo && (await seedDemo(ctx))) logger.info('demo data created (accounts in the README)');
  });
  await stopIfAsked(() => ctx.database.close());

  const app = await buildApp(ctx, { serveWeb: true, logger: { level: config.logLevel } });
  const jobs = startJobs(ctx.database, app.log, scheduledJobs(ctx), ctx.metrics);
  await app.listen({ host: config.host, port: config.port });
  logger.info(`Cusp is running on ${config.publicUrl} (database: ${ctx.database.kind}, data: ${config.dataDir})`);
  // The catalogue index loads now rather than at the first list (which waits for it meanwhile: ADR 0048).
  const catalogueIndex = catalogueIndexOf(ctx);
  if (catalogueIndex) {
    const started = performance.now();
    catalogueIndex.warm().then(
      () => logger.info(`catalogue index loaded in ${Math.round(performance.now() - started)} ms`),
      (error: unknown) => logger.error(error, 'catalogue index: loading failed (the first list will try again)'),
    );
  }

  let closing = false;
  shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal}: closing`);
    const timer = setTimeout(() => {
      logger.error(`${signal}: still closing after 15 s, stopping now`);
      process.exit(1);
    }, 15_000).unref();
    let code = 0;
    try {
      await app.close();
      await jobs.stop();
      await ctx.database.close();
    } catch (error) {
      // A failed close is not a clean stop: say why and exit non-zero, so the supervisor knows.
      logger.error(error, `${signal}: closing failed`);
      code = 1;
    } finally {
      clearTimeout(timer);
      process.exit(code);
    }
  };
  // Asked to stop while building the app or binding the port: now that it listens, close it properly.
  if (stopRequested) await shutdown(stopRequested);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
