import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configJsonSchema, healthJsonSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', { schema: { response: { 200: healthJsonSchema } } }, async () => {
    try {
      await ctx.database.ping();
    } catch {
      throw new AppError('DATABASE_UNREACHABLE');
    }
    return { status: 'ok' as const };
  });

  /** What the web app needs to know about this installation. */
  app.get('/config', { schema: { response: { 200: configJsonSchema } } }, async () => ({ currency: ctx.config.currency, platformName: 'Cusp' }));
};
