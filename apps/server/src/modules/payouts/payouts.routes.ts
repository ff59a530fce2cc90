import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutDetailsInput, payoutDetailsJsonSchema, payoutJsonSchema, payoutRequestInput, payoutsJsonSchema } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { loggedIn, requireUser, verifiedOnly } from '../auth/index.js';
import * as payoutsService from './payouts.service.js';

/** A member's own payouts (docs/product.md §6.6): details (masked), history with the running balance, requests. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/payouts/details', { ...loggedIn, schema: { response: { 200: payoutDetailsJsonSchema.nullable() } } }, async (request) => payoutsService.getDetails(ctx, requireUser(request)));
  // Only a confirmed address may say where its money goes (ADR 0050).
  app.put('/payouts/details', { ...verifiedOnly, schema: { body: payoutDetailsInput, response: { 200: payoutDetailsJsonSchema } } }, async (request) =>
    payoutsService.saveDetails(ctx, requireUser(request), request.body),
  );
  app.get('/payouts', { ...loggedIn, schema: { response: { 200: payoutsJsonSchema } } }, async (request) => payoutsService.listPayouts(ctx, requireUser(request)));
  app.post('/payouts', { ...loggedIn, schema: { body: payoutRequestInput, response: { 201: payoutJsonSchema } } }, async (request, reply) =>
    reply.status(201).send(await payoutsService.requestPayout(ctx, requireUser(request), request.body.amount)),
  );
};
