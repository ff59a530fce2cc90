import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInput,
  balanceJsonSchema,
  cancelInput,
  caseFilesInput,
  deliverInput,
  disputeInput,
  disputeResponseInput,
  extensionInput,
  orderDetailJsonSchema,
  orderFileJsonSchema,
  orderListJsonSchema,
  orderListQuery,
  orderPinJsonSchema,
  pageLimit,
  partialRefundInput,
  pinPatchInput,
  rescanInput,
  reviewInput,
  reviewJsonSchema,
  reviewListJsonSchema,
  reviewReplyInput,
  revisionInput,
} from '@cusp/shared';
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
import { idParam } from '../../http-params.js';

// A malformed id is a 404 with these sentences (errors.ts, ADR 0023).
const idParams = z.object({ id: idParam('ORDER_NOT_FOUND') });
const fileParams = idParams.extend({ fileId: idParam('CASE_FILE_NOT_FOUND') });
// What the routes answer (docs/decisions/0039): every change of an order answers the order's detail.
const detail = { 200: orderDetailJsonSchema };

export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // One page of the caller's orders; X-Total-Count is how many match before paging (docs/product.md §15.3).
  app.get('/orders', { ...loggedIn, schema: { querystring: orderListQuery, response: { 200: orderListJsonSchema } } }, async (request, reply) => {
    const { items, total } = await ordersService.listOrders(ctx, requireUser(request), request.query);
    return reply.header('X-Total-Count', String(total)).send(items);
  });

  app.get('/orders/balance', { ...loggedIn, schema: { response: { 200: balanceJsonSchema } } }, async (request) => ordersService.balance(ctx, requireUser(request)));

  app.get('/orders/:id', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
    ordersService.orderDetail(ctx, requireUser(request), request.params.id),
  );

  app.post('/orders/:id/deliver', { ...loggedIn, schema: { params: idParams, body: deliverInput, response: detail } }, async (request) =>
    ordersService.deliver(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/revision', { ...loggedIn, schema: { params: idParams, body: revisionInput, response: detail } }, async (request) =>
    ordersService.requestRevision(ctx, requireUser(request), request.params.id, request.body),
  );
  // The body is optional: `{ files }` names the approved design files (the case review, docs/decisions/0037), else the latest delivery's.
  app.post('/orders/:id/accept', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
    ordersService.accept(ctx, requireUser(request), request.params.id, parseWith(acceptInput, request.body ?? {})),
  );
  // The designer marks a review pin resolved (ADR 0037); a stranger gets the order's 403 or 404 first.
  app.patch('/orders/:id/pins/:pinId', { ...loggedIn, schema: { params: idParams.extend({ pinId: idParam('PIN_NOT_FOUND') }), body: pinPatchInput, response: { 200: orderPinJsonSchema } } }, async (request) => {
    const user = requireUser(request);
    const order = await ordersService.participantOrder(ctx, user, request.params.id);
    return pinsService.setPinResolved(ctx, user, order, request.params.pinId, request.body.resolved);
  });
  app.post('/orders/:id/extension', { ...loggedIn, schema: { params: idParams, body: extensionInput, response: detail } }, async (request) =>
    ordersService.requestExtension(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/extension/accept', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
    ordersService.answerExtension(ctx, requireUser(request), request.params.id, true),
  );
  app.post('/orders/:id/extension/decline', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
    ordersService.answerExtension(ctx, requireUser(request), request.params.id, false),
  );
  // Rescans (docs/product.md §5.2a): the designer asks for new scans; the buyer's new case files start the due clock again.
  app.post('/orders/:id/rescan', { ...loggedIn, schema: { params: idParams, body: rescanInput, response: detail } }, async (request) =>
    ordersService.requestRescan(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/case-files', { ...loggedIn, schema: { params: idParams, body: caseFilesInput, response: detail } }, async (request) =>
    ordersService.addCaseFiles(ctx, requireUser(request), request.params.id, request.body),
  );
  // The body is optional here (a bare POST cancels without a reason).
  app.post('/orders/:id/cancel', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
    ordersService.cancel(ctx, requireUser(request), request.params.id, parseWith(cancelInput, request.body ?? {})),
  );

  // Disputes and partial refunds (docs/decisions/0035).
  app.post('/orders/:id/dispute', { ...loggedIn, schema: { params: idParams, body: disputeInput, response: { 201: orderDetailJsonSchema } } }, async (request, reply) =>
    reply.status(201).send(await disputesService.openDispute(ctx, requireUser(request), request.params.id, request.body)),
  );
  app.post('/orders/:id/dispute/response', { ...loggedIn, schema: { params: idParams, body: disputeResponseInput, response: detail } }, async (request) =>
    disputesService.respondToDispute(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/partial-refund', { ...loggedIn, schema: { params: idParams, body: partialRefundInput, response: detail } }, async (request) =>
    disputesService.offerRefund(ctx, requireUser(request), request.params.id, request.body),
  );
  app.post('/orders/:id/partial-refund/accept', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
    disputesService.acceptRefund(ctx, requireUser(request), request.params.id),
  );
  app.post('/orders/:id/partial-refund/decline', { ...loggedIn, schema: { params: idParams, response: detail } }, async (request) =>
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
  app.get('/order-files/:fileId', { ...loggedIn, schema: { params: z.object({ fileId: idParam('CASE_FILE_NOT_FOUND') }), response: { 200: orderFileJsonSchema } } }, async (request) =>
    toOrderFileJson(await orderFileForViewer(ctx, requireUser(request), request.params.fileId)),
  );

  app.post('/order-files', { ...loggedIn, schema: { response: { 201: orderFileJsonSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    const file = await receiveOneFile(request, ctx.limits, user.id, { maxBytes: uploadLimits.caseFile, tooLarge: 'FILE_TOO_LARGE' });
    return reply.status(201).send(await filesService.uploadOrderFile(ctx, user, file));
  });

  app.post('/reviews', { ...loggedIn, schema: { body: reviewInput, response: { 201: reviewJsonSchema } } }, async (request, reply) =>
    reply.status(201).send(await reviewsService.createReview(ctx, requireUser(request), request.body)),
  );
  app.post(
    '/reviews/:id/reply',
    { ...loggedIn, schema: { params: z.object({ id: idParam('REVIEW_NOT_FOUND') }), body: reviewReplyInput, response: { 200: reviewJsonSchema } } },
    async (request) => reviewsService.replyToReview(ctx, requireUser(request), request.params.id, request.body),
  );
  app.get(
    '/reviews',
    {
      schema: {
        querystring: z
          .object({ serviceId: z.uuid().optional(), userId: z.uuid().optional(), limit: pageLimit(50) })
          .refine((q) => Boolean(q.serviceId) !== Boolean(q.userId), 'Ask for the reviews of one service (serviceId) or one designer (userId).'),
        response: { 200: reviewListJsonSchema },
      },
    },
    async (request) => reviewsService.listReviews(ctx, request.query),
  );
};
