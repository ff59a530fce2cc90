import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema, newsletterSchema, supportTicketSchema, MESSAGES, ticketSentJsonSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { mailLanguageOf } from '../../platform/mail/templates.js';
import * as support from './support.service.js';

/** The web page the confirmation link ends on (apps/web: features/newsletter). */
export const NEWSLETTER_CONFIRMED_PAGE = '/newsletter/confirmed';

export const supportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/support/tickets', { schema: { body: supportTicketSchema, response: { 201: ticketSentJsonSchema } } }, async (request, reply) => {
    const id = await support.createTicket(ctx, request.body, request.user?.id ?? null, request.ip);
    return reply.status(201).send({ _id: id, message: MESSAGES.ticketSent });
  });

  // The same answer for every address, new, pending or confirmed (ADR 0021).
  app.post('/newsletter', { schema: { body: newsletterSchema, response: { 202: messageAnswerSchema } } }, async (request, reply) => {
    await support.subscribe(ctx, request.body.email, request.ip, mailLanguageOf(request));
    return reply.status(202).send({ message: support.CONFIRM_SUBSCRIPTION });
  });

  // The link in the confirmation e-mail: confirms, then shows the web page that says so (or that the link is spent).
  app.get('/newsletter/confirm', { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } }, async (request, reply) => {
    const ok = request.query.token ? await support.confirmSubscription(ctx, request.query.token) : false;
    return reply.redirect(ok ? NEWSLETTER_CONFIRMED_PAGE : `${NEWSLETTER_CONFIRMED_PAGE}?invalid=1`, 303);
  });
};
