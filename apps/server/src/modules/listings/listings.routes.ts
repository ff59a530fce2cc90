import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceCreateSchema, serviceDetailJsonSchema, serviceJsonSchema, serviceListJsonSchema, serviceListQuery, serviceUpdateSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { listHeaders } from '../../db/search.js';
import { queryKey, sendAnswer } from '../../platform/response-cache.js';
import { loggedIn, requireUser, verifiedOnly } from '../auth/index.js';
import * as listings from './listings.service.js';
import { idParam } from '../../http-params.js';

const idParams = z.object({ id: idParam('SERVICE_NOT_FOUND') });

export const listingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The list is the same for every viewer (hidden services are never in it): cached whole (ADR 0016).
  for (const url of ['/gigs', '/services']) {
    app.get(url, { schema: { querystring: serviceListQuery, response: { 200: serviceListJsonSchema } } }, async (request, reply) => {
      const answer = await ctx.catalogueCache.getOrCompute(queryKey('services', request.query), async () => {
        const { body, total, didYouMean } = await listings.listServices(ctx, request.query);
        return { body, headers: listHeaders(total, didYouMean) };
      });
      return sendAnswer(reply, answer);
    });
  }

  // docs/product.md §15.4: both paths answer one service with its designer populated. Only the public answer is cached,
  // so only a visible service's: a hidden one is a 404 for the public (errors are never cached), and
  // its owner or an administrator is then answered from the database, uncached.
  for (const url of ['/services/:id', '/services/single/:id']) {
    app.get(url, { schema: { params: idParams, response: { 200: serviceDetailJsonSchema } } }, async (request, reply) => {
      const id = request.params.id.toLowerCase();
      try {
        const answer = await ctx.catalogueCache.getOrCompute(`service:${id}`, async () => ({ body: await listings.publicServicePage(ctx, id) }));
        return sendAnswer(reply, answer);
      } catch (error) {
        if (!(request.user && error instanceof AppError && error.code === 'SERVICE_NOT_FOUND')) throw error;
        return listings.getService(ctx, id, request.user);
      }
    });
  }

  // Selling waits for a confirmed address (ADR 0050).
  app.post('/services', { ...verifiedOnly, schema: { body: serviceCreateSchema, response: { 201: serviceJsonSchema } } }, async (request, reply) => {
    const service = await listings.createService(ctx, requireUser(request), request.body);
    return reply.status(201).send(service);
  });

  app.patch('/services/:id', { ...loggedIn, schema: { params: idParams, body: serviceUpdateSchema, response: { 200: serviceJsonSchema } } }, async (request) =>
    listings.updateService(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete('/services/:id', { ...loggedIn, schema: { params: idParams } }, async (request, reply) => {
    await listings.deleteService(ctx, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};
