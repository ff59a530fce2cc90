import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterSchema, supportTicketSchema, MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import * as support from './support.service.js';

export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/support/tickets', { schema: { body: supportTicketSchema } }, async (request, reply) => {
    const id = await support.createTicket(ctx, request.body, request.user?.id ?? null);
    return reply.status(201).send({ _id: id, message: MESSAGES.ticketSent });
  });

  app.post('/newsletter', { schema: { body: newsletterSchema } }, async (request, reply) => {
    const isNew = await support.subscribe(ctx, request.body);
    return reply
      .status(isNew ? 201 : 200)
      .send({ message: isNew ? support.SUBSCRIBED : support.ALREADY_SUBSCRIBED });
  });
};
