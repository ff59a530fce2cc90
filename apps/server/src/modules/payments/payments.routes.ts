import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardInput,
  confirmOrderInput,
  orderJsonSchema,
  orderQuoteJsonSchema,
  paymentConfigJsonSchema,
  paymentIntentInput,
  paymentIntentJsonSchema,
  sandboxConfirmInput,
  sandboxPayJsonSchema,
  serviceIntentInput,
  webhookAnswerJsonSchema,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { loggedIn, requireUser, verifiedOnly } from '../auth/index.js';
import { providerFor } from '../../platform/payments/index.js';
import * as paymentsService from './payments.service.js';
import { idParam } from '../../http-params.js';

// A malformed id is a 404 with this sentence (errors.ts, ADR 0023).
const idParams = z.object({ id: idParam('PAYMENT_NOT_FOUND') });

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/payments/config', { schema: { response: { 200: paymentConfigJsonSchema } } }, async () => {
    const provider = providerFor(ctx);
    return { provider: provider.name, publishableKey: provider.publishableKey, currency: ctx.config.currency };
  });

  // Paying (an order, an extra revision, a course) waits for a confirmed address (ADR 0050).
  app.post('/payments/intents', { ...verifiedOnly, schema: { body: paymentIntentInput, response: { 201: paymentIntentJsonSchema } } }, async (request, reply) => {
    const intent = await paymentsService.createIntent(ctx, requireUser(request), request.body);
    return reply.status(201).send(intent);
  });

  // The order form's figure before paying (the quote, docs/product.md §5.1): same body and checks as an intent for a service.
  app.post('/payments/quote', { ...loggedIn, schema: { body: serviceIntentInput, response: { 200: orderQuoteJsonSchema } } }, async (request) =>
    paymentsService.quote(ctx, requireUser(request), request.body),
  );

  // The payment page hands the paid intent back; the server checks it and starts the order (docs/product.md §6.3).
  // Under /orders for the API's sake, here because confirming a payment is this module's work (ADR 0029).
  app.patch('/orders', { ...loggedIn, schema: { body: confirmOrderInput, response: { 200: orderJsonSchema } } }, async (request) =>
    paymentsService.confirmOrderPayment(ctx, requireUser(request), request.body),
  );

  app.get('/payments/:id', { ...loggedIn, schema: { params: idParams, response: { 200: paymentIntentJsonSchema } } }, async (request) =>
    paymentsService.getPayment(ctx, requireUser(request), request.params.id),
  );

  app.post('/payments/:id/sandbox-pay', { ...loggedIn, schema: { params: idParams, body: cardInput, response: { 200: sandboxPayJsonSchema } } }, async (request) =>
    paymentsService.sandboxPay(ctx, requireUser(request), request.params.id, request.body),
  );

  app.post('/payments/:id/sandbox-confirm', { ...loggedIn, schema: { params: idParams, body: sandboxConfirmInput, response: { 200: sandboxPayJsonSchema } } }, async (request) =>
    paymentsService.sandboxConfirm(ctx, requireUser(request), request.params.id, request.body.approve),
  );

  // Webhooks need the exact bytes the provider signed, so JSON is read as text here only.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    const webhook = (name: 'stripe' | 'moyasar') => async (request: import('fastify').FastifyRequest) =>
      paymentsService.handleWebhook(ctx, name, typeof request.body === 'string' ? request.body : '', request.headers);
    const answer = { schema: { response: { 200: webhookAnswerJsonSchema } } };
    hooks.post('/payments/webhooks/stripe', answer, webhook('stripe'));
    hooks.post('/payments/webhooks/moyasar', answer, webhook('moyasar'));
  });
};
