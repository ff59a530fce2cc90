import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelInput, deliverInput, ORDER_MESSAGES, pageLimit, reviewInput, revisionInput } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { parseWith } from '../../errors.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { receiveOneFile } from '../../platform/storage/receive-file.js';
import { sendStored } from '../../platform/storage/send-file.js';
import { loggedIn, requireUser } from '../auth/index.js';
import { FILE_CONTENT_TYPES } from '../files/index.js';
import { orderFileForViewer } from '../analysis/index.js';
import { toOrderFileJson } from './orders.presenter.js';
import * as filesService from './order-files.service.js';
import * as ordersService from './orders.service.js';
import * as reviewsService from './reviews.service.js';

// A malformed id is a 404 with these sentences (errors.ts, ADR 0023).
const idParams = z.object({ id: z.uuid(ORDER_MESSAGES.notFound) });
const fileParams = idParams.extend({ fileId: z.uuid('File not found.') });

export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/orders', { ...loggedIn }, async (request) => ordersService.listOrders(ctx, requireUser(request)));

  app.get('/orders/balance', { ...loggedIn }, async (request) => ordersService.balance(ctx, requireUser(request)));

  app.get('/orders/:id', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.orderDetail(ctx, requireUser(request), request.params.id),
  );

  app.post('/orders/:id/deliver', { ...loggedIn, schema: { params: idParams, body: deliverInput } }, async (request) =>
    ordersService.deliver(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/revision', { ...loggedIn, schema: { params: idParams, body: revisionInput } }, async (request) =>
    ordersService.requestRevision(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/accept', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.accept(ctx, requireUser(request), request.params.id),
  );
  // The body is optional here (a bare POST cancels without a reason).
  app.post('/orders/:id/cancel', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.cancel(ctx, requireUser(request), request.params.id, parseWith(cancelInput, request.body ?? {})),
  );

  // Case scans and design files: private to the order's two parties, checked on every (range) request.
  app.get('/orders/:id/files/:fileId', { ...loggedIn, schema: { params: fileParams } }, async (request, reply) => {
    const order = await ordersService.participantOrder(ctx, requireUser(request), request.params.id);
    const file = await filesService.orderFile(ctx, order.id, request.params.fileId);
    return sendStored(request, reply, ctx.storage, file.storageKey, {
      contentType: FILE_CONTENT_TYPES[file.kind],
      filename: file.name,
      disposition: 'attachment',
      cacheControl: 'private, no-store',
    });
  });

  // An order file's record with its scan check (ADR 0026), polled while pending: the uploader, or the parties.
  app.get('/order-files/:fileId', { ...loggedIn, schema: { params: z.object({ fileId: z.uuid('File not found.') }) } }, async (request) =>
    toOrderFileJson(await orderFileForViewer(ctx, requireUser(request), request.params.fileId)),
  );

  app.post('/order-files', { ...loggedIn }, async (request, reply) => {
    const user = requireUser(request);
    const file = await receiveOneFile(request, ctx.limits, user.id, { maxBytes: uploadLimits.caseFile, tooLarge: 'FILE_TOO_LARGE' });
    return reply.status(201).send(await filesService.uploadOrderFile(ctx, user, file));
  });

  app.post('/reviews', { ...loggedIn, schema: { body: reviewInput } }, async (request, reply) =>
    reply.status(201).send(await reviewsService.createReview(ctx, requireUser(request), request.body)),
  );
  app.get(
    '/reviews',
    {
      schema: {
        querystring: z
          .object({ serviceId: z.uuid().optional(), userId: z.uuid().optional(), limit: pageLimit(50) })
          .refine((q) => Boolean(q.serviceId) !== Boolean(q.userId), 'Ask for the reviews of one service (serviceId) or one designer (userId).'),
      },
    },
    async (request) => reviewsService.listReviews(ctx, request.query),
  );
};
