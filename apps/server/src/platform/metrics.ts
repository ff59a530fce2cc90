import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError, sendNotFound } from '../errors.js';
import type { RealtimeHub } from './realtime/hub.js';

/**
 * Prometheus figures for operations (docs/operations.md): request latency by route, connected
 * sockets, database pool queue, scheduled jobs, plus Node's own (event loop lag, heap, GC).
 * One registry per app instance, so tests can build several in one process.
 */
export interface Metrics {
  registry: Registry;
  jobRuns: Counter<'job' | 'outcome'>;
  jobDuration: Histogram<'job'>;
  /** Order status changes committed, by ORDER_POLICY action (`admin`: an administrator's decision). */
  orderTransitions: Counter<'action'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    jobRuns: new Counter({ name: 'cusp_job_runs_total', help: 'Scheduled job runs by outcome (ran, skipped: another instance held the lock, failed).', labelNames: ['job', 'outcome'], registers: [registry] }),
    jobDuration: new Histogram({ name: 'cusp_job_duration_seconds', help: 'Time a scheduled job took when it ran.', labelNames: ['job'], buckets: [0.01, 0.1, 1, 10, 60], registers: [registry] }),
    orderTransitions: new Counter({ name: 'cusp_order_transitions_total', help: 'Order changes committed, by policy action (admin: an administrator resolving a dispute).', labelNames: ['action'], registers: [registry] }),
  };
}

/** Request timing on every route, plus the figures read at scrape time, and `GET /metrics`. */
export function registerMetrics(app: FastifyInstance, deps: { metrics: Metrics; database: Database; realtime: RealtimeHub; token?: string }) {
  const { registry } = deps.metrics;
  const duration = new Histogram({
    name: 'cusp_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  new Gauge({ name: 'cusp_sockets_connected', help: 'Socket.IO clients connected to this instance.', registers: [registry], collect() { this.set(deps.realtime.socketCount()); } });
  const pool = new Gauge({ name: 'cusp_db_pool_connections', help: 'PostgreSQL pool connections by state (waiting = queries queued for a connection).', labelNames: ['state'], registers: [registry], collect() {
    const stats = deps.database.poolStats();
    if (!stats) return;
    for (const [state, value] of Object.entries(stats)) pool.set({ state }, value);
  } });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL, so ids do not make a new series each.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // Off unless METRICS_TOKEN is set (docs/decisions/0022): the figures name routes, pool sizes and
  // versions. A 404 like any unknown path (registered, so the web app's page fallback does not answer it).
  app.get('/metrics', async (request, reply) => {
    if (!deps.token) return sendNotFound(request, reply);
    if (request.headers.authorization !== `Bearer ${deps.token}`) throw new AppError('METRICS_TOKEN_REQUIRED');
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
