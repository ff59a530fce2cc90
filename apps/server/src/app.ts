import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { registerErrorHandler, sendNotFound } from './errors.js';
import { accountRoutes } from './modules/account/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { authRoutes, findSession, findSessionUser, hashToken, SESSION_COOKIE, touchSession } from './modules/auth/index.js';
import { coursesRoutes } from './modules/courses/index.js';
import { filesRoutes } from './modules/files/index.js';
import { messagingRoutes, messagingSocketHandlers } from './modules/messaging/index.js';
import { notificationsRoutes, startNotificationRelay, notificationSocketHandlers } from './modules/notifications/index.js';
import { followDatabase } from './modules/listings/index.js';
import { ordersRoutes, prescriptionRoutes } from './modules/orders/index.js';
import { paymentsRoutes } from './modules/payments/index.js';
import { payoutsRoutes } from './modules/payouts/index.js';
import { billingRoutes } from './modules/billing/index.js';
import { preferencesRoutes } from './modules/preferences/index.js';
import { listingsRoutes } from './modules/listings/index.js';
import { supportRoutes } from './modules/support/index.js';
import { systemRoutes } from './modules/system/index.js';
import { uploadsRoutes } from './modules/uploads/index.js';
import { usersRoutes } from './modules/users/index.js';
import { cookieValue } from './platform/cookie-header.js';
import { clientAddress, proxyTrust } from './platform/client-address.js';
import { createOriginCheck, originFacts } from './platform/origin.js';
import { sessionRoom, userRoom } from './platform/realtime/hub.js';
import { attachSocketServer } from './platform/realtime/socket.js';
import { registerBodyTimeout } from './platform/body-timeout.js';
import { redactingLoggerOptions } from './platform/log-redaction.js';
import { registerMetrics } from './platform/metrics.js';
import { responseSerializerCompiler } from './platform/response-check.js';
import { registerSecurity } from './platform/security.js';
import { mediaRoutes } from './platform/storage/media.routes.js';
import { registerWebApp } from './web.js';
import { registerJobHandlers } from './jobs.js';

export interface BuildOptions {
  /** Serve the built web app from apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean | object;
  /** Told every route as it is registered (tests that check every route of a kind is covered). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole product as a Fastify instance; it never listens (main.ts and tests decide that). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { timeouts } = ctx.config;
  // One rule for the client's address, HTTP (`request.ip`) and sockets alike (ADR 0049).
  const trust = proxyTrust(ctx.config.trustProxy);
  const app = Fastify({
    // Share links, reset and confirmation tokens, unsubscribe signatures never reach the log (ADR 0049).
    logger: options.logger ? { ...(options.logger === true ? {} : options.logger), ...redactingLoggerOptions() } : false,
    trustProxy: trust,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Slow clients (ADR 0022): headers within `headers`, the whole request within `request` (long enough
    // for a 200 MB upload on a slow link), nothing either way for `idle` closes the connection; between
    // requests a kept-alive connection waits 72 s (longer than load balancers' usual 60 s). Node checks
    // the first two every `connectionsCheckingInterval`, so that is a fraction of the headers timeout.
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(timeouts.headers / 4))) },
    requestTimeout: timeouts.request,
    connectionTimeout: timeouts.idle,
    keepAliveTimeout: 72_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Under test, an answer carrying a key its response schema would drop fails (platform/response-check.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  endConnectionsWhileClosing(app);
  // Bodies that are not uploads get `timeouts.body` (30 s), not the upload's hour (ADR 0049).
  registerBodyTimeout(app, timeouts.body);

  await registerSecurity(app, ctx.config);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fieldSize: 64 * 1024 } });

  registerMetrics(app, { metrics: ctx.metrics, database: ctx.database, realtime: ctx.realtime, token: ctx.config.metricsToken });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionId', null);
  // onRequest (after the cookie plugin's own hook) so that route guards can run before validation.
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.sessionToken = token;
    const session = await findSession(ctx.db, token);
    if (!session) return;
    request.user = session.user;
    request.sessionId = session.id;
    // The settings page shows when and from where each session was last used (ADR 0032).
    await touchSession(ctx.db, token, session, request.ip);
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendNotFound);
      await api.register(systemRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(supportRoutes, { ctx });
      await api.register(uploadsRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(listingsRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(filesRoutes, { ctx });
      await api.register(messagingRoutes, { ctx });
      await api.register(paymentsRoutes, { ctx });
      await api.register(payoutsRoutes, { ctx });
      await api.register(billingRoutes, { ctx });
      await api.register(ordersRoutes, { ctx });
      await api.register(prescriptionRoutes, { ctx });
      await api.register(preferencesRoutes, { ctx });
      await api.register(coursesRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { storage: ctx.storage });

  const allowOrigin = createOriginCheck(ctx.config.publicUrl);
  await attachSocketServer(app, ctx.realtime, {
    redisUrl: ctx.config.redisUrl,
    allowOrigin: (request) => allowOrigin(originFacts(request, trust)),
    // Per-address limits count a socket's events where HTTP counts its requests (`request.ip`, the same rule).
    address: (request) => clientAddress(request, trust),
    // The session cookie, as for HTTP; each socket joins its user's room and its session's (logout closes it).
    authenticate: async (request) => {
      const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
      const user = token ? await findSessionUser(ctx.db, token) : null;
      return user && token ? { user, rooms: [userRoom(user.id), sessionRoom(hashToken(token))] } : null;
    },
    handlers: { ...messagingSocketHandlers(ctx, app.log), ...notificationSocketHandlers(ctx) },
  });
  // Each committed notification reaches this instance's sockets of its user (ADR 0027).
  const stopRelay = await startNotificationRelay(ctx, app.log);
  app.addHook('preClose', async () => stopRelay());
  // The catalogue index hears of every change to services and designers, whoever made it (ADR 0048).
  const stopFollowing = await followDatabase(ctx);
  app.addHook('preClose', async () => stopFollowing());
  // The durable queue (ADR 0053) works on every instance, the tests' included, from the moment the app exists.
  registerJobHandlers(ctx);
  await ctx.jobs.start();
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.background.drain();
    await ctx.limits.close();
  });

  const servesWeb = options.serveWeb ? await registerWebApp(app, { visitorCache: ctx.catalogueCache }) : false;
  if (!servesWeb) app.setNotFoundHandler(sendNotFound);
  return app;
}

/**
 * Once the app is closing, each answer ends its connection. Without this, a keep-alive connection whose
 * request was still running at close stays open after its answer (server.close() only ends the
 * connections idle at that moment), holding the close for Fastify's keep-alive timeout (72 s), past
 * main.ts's 15 s limit; and its client, told "keep-alive", may send its next request into a closing socket.
 */
function endConnectionsWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // An answer whose headers were sent before the close began (a long download) said keep-alive: its
  // connection is ended once idle.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
