import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

export const systemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/health', async () => {
    try {
      await ctx.database.ping();
    } catch {
      throw new AppError('DATABASE_UNREACHABLE');
    }
    return { status: 'ok' };
  });

  /** What the web app needs to know about this installation. */
  app.get('/config', async () => ({ currency: ctx.config.currency, platformName: 'Cusp' }));
};
