import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { registerErrorHandler, sendNotFound } from './errors.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { findSessionUser, SESSION_COOKIE } from './modules/auth/session.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { registerSecurity } from './platform/security.js';
import { mediaRoutes } from './platform/storage/media.routes.js';
import { registerWebApp } from './web.js';

export interface BuildOptions {
  /** Serve the built web app from apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean | object;
}

/** The whole product as a Fastify instance; it never listens (main.ts and tests decide that). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app, ctx.config);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fieldSize: 64 * 1024 } });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.sessionToken = token;
    request.user = await findSessionUser(ctx.db, token);
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(sendNotFound);
      await api.register(systemRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(supportRoutes, { ctx });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { storage: ctx.storage });

  const servesWeb = options.serveWeb ? await registerWebApp(app) : false;
  if (!servesWeb) app.setNotFoundHandler(sendNotFound);
  return app;
}
