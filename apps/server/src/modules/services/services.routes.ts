import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceCreateSchema, serviceListQuery, serviceUpdateSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { loggedIn, requireUser } from '../auth/session.js';
import * as servicesService from './services.service.js';

const idParams = z.object({ id: z.uuid(servicesService.SERVICE_NOT_FOUND) });

export const servicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const url of ['/gigs', '/services']) {
    app.get(url, { schema: { querystring: serviceListQuery } }, async (request, reply) => {
      const { items, total } = await servicesService.listServices(ctx, request.query);
      return reply.header('x-total-count', total).send(items);
    });
  }

  // D5: both paths answer one service with its designer populated.
  for (const url of ['/services/:id', '/services/single/:id']) {
    app.get(url, { schema: { params: idParams } }, async (request) =>
      servicesService.getService(ctx, request.params.id, request.user),
    );
  }

  app.post('/services', { ...loggedIn, schema: { body: serviceCreateSchema } }, async (request, reply) => {
    const service = await servicesService.createService(ctx, requireUser(request), request.body);
    return reply.status(201).send(service);
  });

  app.patch('/services/:id', { ...loggedIn, schema: { params: idParams, body: serviceUpdateSchema } }, async (request) =>
    servicesService.updateService(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete('/services/:id', { ...loggedIn, schema: { params: idParams } }, async (request, reply) => {
    await servicesService.deleteService(ctx, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};
