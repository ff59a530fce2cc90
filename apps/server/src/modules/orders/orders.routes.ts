import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInput, cancelInput, deliverInput, disputeInput, disputeResponseInput, extensionInput, ORDER_MESSAGES, orderListQuery, pageLimit, partialRefundInput, PIN_MESSAGES, pinPatchInput, reviewInput, reviewReplyInput, revisionInput } from '@cusp/shared';
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
import * as disputesService from './disputes.service.js';
import * as ordersService from './orders.service.js';
import * as pinsService from './pins.service.js';
import * as reviewsService from './reviews.service.js';

// A malformed id is a 404 with these sentences (errors.ts, ADR 0023).
const idParams = z.object({ id: z.uuid(ORDER_MESSAGES.notFound) });
const fileParams = idParams.extend({ fileId: z.uuid('File not found.') });

export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // One page of the caller's orders; X-Total-Count is how many match before paging (issue 18).
  app.get('/orders', { ...loggedIn, schema: { querystring: orderListQuery } }, async (request, reply) => {
    const { items, total } = await ordersService.listOrders(ctx, requireUser(request), request.query);
    return reply.header('X-Total-Count', String(total)).send(items);
  });

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
  // The body is optional: `{ files }` names the approved design files (issue 17), else the latest delivery's.
  app.post('/orders/:id/accept', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.accept(ctx, requireUser(request), request.params.id, parseWith(acceptInput, request.body ?? {})),
  );
  // The designer marks a review pin resolved (issue 17, ADR 0037); a stranger gets the order's 403 or 404 first.
  app.patch('/orders/:id/pins/:pinId', { ...loggedIn, schema: { params: idParams.extend({ pinId: z.uuid(PIN_MESSAGES.notFound) }), body: pinPatchInput } }, async (request) => {
    const user = requireUser(request);
    const order = await ordersService.participantOrder(ctx, user, request.params.id);
    return pinsService.setPinResolved(ctx, user, order, request.params.pinId, request.body.resolved);
  });
  app.post('/orders/:id/extension', { ...loggedIn, schema: { params: idParams, body: extensionInput } }, async (request) =>
    ordersService.requestExtension(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/extension/accept', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.answerExtension(ctx, requireUser(request), request.params.id, true),
  );
  app.post('/orders/:id/extension/decline', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.answerExtension(ctx, requireUser(request), request.params.id, false),
  );
  // The body is optional here (a bare POST cancels without a reason).
  app.post('/orders/:id/cancel', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    ordersService.cancel(ctx, requireUser(request), request.params.id, parseWith(cancelInput, request.body ?? {})),
  );

  // Disputes and partial refunds (issue 20, docs/decisions/0035).
  app.post('/orders/:id/dispute', { ...loggedIn, schema: { params: idParams, body: disputeInput } }, async (request, reply) =>
    reply.status(201).send(await disputesService.openDispute(ctx, requireUser(request), request.params.id, request.body)),
  );
  app.post('/orders/:id/dispute/response', { ...loggedIn, schema: { params: idParams, body: disputeResponseInput } }, async (request) =>
    disputesService.respondToDispute(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/partial-refund', { ...loggedIn, schema: { params: idParams, body: partialRefundInput } }, async (request) =>
    disputesService.offerRefund(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/partial-refund/accept', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    disputesService.acceptRefund(ctx, requireUser(request), request.params.id),
  );
  app.post('/orders/:id/partial-refund/decline', { ...loggedIn, schema: { params: idParams } }, async (request) =>
    disputesService.declineRefund(ctx, requireUser(request), request.params.id),
  );

  // Case scans and design files: private to the order's two parties (and administrators while it is disputed),
  // checked on every (range) request.
  app.get('/orders/:id/files/:fileId', { ...loggedIn, schema: { params: fileParams } }, async (request, reply) => {
    const order = await ordersService.fileReaderOrder(ctx, requireUser(request), request.params.id);
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
  app.post(
    '/reviews/:id/reply',
    { ...loggedIn, schema: { params: z.object({ id: z.uuid(ORDER_MESSAGES.reviewNotFound) }), body: reviewReplyInput } },
    async (request) => reviewsService.replyToReview(ctx, requireUser(request), request.params.id, request.body),
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
