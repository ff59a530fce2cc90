import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardInput, confirmOrderInput, ORDER_MESSAGES, paymentIntentInput, sandboxConfirmInput, serviceIntentInput, type PaymentConfigJson } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { loggedIn, requireUser } from '../auth/index.js';
import { providerFor } from '../../platform/payments/index.js';
import * as paymentsService from './payments.service.js';

// A malformed id is a 404 with this sentence (errors.ts, ADR 0023).
const idParams = z.object({ id: z.uuid(ORDER_MESSAGES.paymentNotFound) });

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/payments/config', async (): Promise<PaymentConfigJson> => {
    const provider = providerFor(ctx);
    return { provider: provider.name, publishableKey: provider.publishableKey, currency: ctx.config.currency };
  });

  app.post('/payments/intents', { ...loggedIn, schema: { body: paymentIntentInput } }, async (request, reply) => {
    const intent = await paymentsService.createIntent(ctx, requireUser(request), request.body);
    return reply.status(201).send(intent);
  });

  // The order form's figure before paying (issue 16): same body and checks as an intent for a service.
  app.post('/payments/quote', { ...loggedIn, schema: { body: serviceIntentInput } }, async (request) =>
    paymentsService.quote(ctx, requireUser(request), request.body),
  );

  // The payment page hands the paid intent back; the server checks it and starts the order (docs/product.md §6.3).
  // Under /orders for the API's sake, here because confirming a payment is this module's work (ADR 0029).
  app.patch('/orders', { ...loggedIn, schema: { body: confirmOrderInput } }, async (request) =>
    paymentsService.confirmOrderPayment(ctx, requireUser(request), request.body),
  );

  app.get('/payments/:id', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    paymentsService.getPayment(ctx, requireUser(request), request.params.id),
  );

  app.post('/payments/:id/sandbox-pay', { ...loggedIn, schema: { params: idParams, body: cardInput } }, async (request) =>
    paymentsService.sandboxPay(ctx, requireUser(request), request.params.id, request.body),
  );

  app.post('/payments/:id/sandbox-confirm', { ...loggedIn, schema: { params: idParams, body: sandboxConfirmInput } }, async (request) =>
    paymentsService.sandboxConfirm(ctx, requireUser(request), request.params.id, request.body.approve),
  );

  // Webhooks need the exact bytes the provider signed, so JSON is read as text here only.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    const webhook = (name: 'stripe' | 'moyasar') => async (request: import('fastify').FastifyRequest) =>
      paymentsService.handleWebhook(ctx, name, typeof request.body === 'string' ? request.body : '', request.headers);
    hooks.post('/payments/webhooks/stripe', webhook('stripe'));
    hooks.post('/payments/webhooks/moyasar', webhook('moyasar'));
  });
};
