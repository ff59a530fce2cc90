import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentJsonSchema,
  conversationIdJsonSchema,
  conversationJsonSchema,
  conversationListJsonSchema,
  conversationUnreadJsonSchema,
  ERRORS,
  messageJsonSchema,
  messageListJsonSchema,
  numeric,
  sendMessageSchema,
  startConversationSchema,
} from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { receiveOneFile } from '../../platform/storage/receive-file.js';
import { sendStored } from '../../platform/storage/send-file.js';
import { loggedIn, requireUser } from '../auth/index.js';
import * as attachments from './attachments.service.js';
import * as messaging from './messaging.service.js';
import { idParam } from '../../http-params.js';

const conversationParams = z.object({ id: idParam('CONVERSATION_NOT_FOUND') });

/**
 * A page of a conversation, oldest first: the latest `limit` messages; with `after`, the ones that
 * followed that message (the catch-up after a reconnect); with `before`, the ones just before it
 * (scrolling back through the history).
 */
const messagesQuery = z
  .object({
    after: z.uuid(ERRORS.MESSAGE_UNKNOWN_AFTER.message).optional(),
    before: z.uuid(ERRORS.MESSAGE_UNKNOWN_BEFORE.message).optional(),
    limit: numeric(z.number().int().min(1).max(500)).default(200),
  })
  .refine((q) => !(q.after && q.before), { error: ERRORS.MESSAGE_AFTER_AND_BEFORE.message, path: ['before'] });

export const messagingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preValidation', loggedIn.preValidation);

  app.get('/conversations', { schema: { response: { 200: conversationListJsonSchema } } }, async (request) => messaging.listConversations(ctx, requireUser(request)));

  app.get('/conversations/unread-count', { schema: { response: { 200: conversationUnreadJsonSchema } } }, async (request) => ({ count: await messaging.unreadCount(ctx, requireUser(request)) }));

  app.get(
    '/conversations/single/:sellerId/:buyerId',
    { schema: { params: z.object({ sellerId: idParam('CONVERSATION_NOT_FOUND'), buyerId: idParam('CONVERSATION_NOT_FOUND') }), response: { 200: conversationIdJsonSchema } } },
    async (request) => ({
      conversationID: await messaging.findConversationId(ctx, requireUser(request), request.params.sellerId, request.params.buyerId),
    }),
  );

  app.post('/conversations', { schema: { body: startConversationSchema, response: { 200: conversationJsonSchema, 201: conversationJsonSchema } } }, async (request, reply) => {
    const caller = requireUser(request);
    // The caller is always one side: a client may not speak for someone else.
    if (request.body.from && request.body.from !== caller.id) throw new AppError('CONVERSATION_NOT_A_PARTY');
    // Per address here (the service counts per user): every account behind one address together (ADR 0021).
    await ctx.limits.consume('conversationsAddress', request.ip);
    const { conversation, created } = await messaging.startConversation(ctx, caller, request.body.to);
    return reply.status(created ? 201 : 200).send(conversation);
  });

  app.patch('/conversations/:id', { schema: { params: conversationParams } }, async (request, reply) => {
    await messaging.markRead(ctx, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  // Chat attachments (docs/decisions/0020): uploaded and read by the conversation's two parties only.
  app.post('/conversations/:id/attachments', { schema: { params: conversationParams, response: { 201: attachmentJsonSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    const c = await messaging.participantConversation(ctx, request.params.id, user.id);
    const file = await receiveOneFile(request, ctx.limits, user.id, { maxBytes: uploadLimits.caseFile, tooLarge: 'FILE_TOO_LARGE' });
    return reply.status(201).send(await attachments.uploadAttachment(ctx, c.id, user.id, file));
  });

  app.get(
    '/conversations/:id/attachments/:attachmentId',
    { schema: { params: z.object({ id: idParam('CONVERSATION_NOT_FOUND'), attachmentId: idParam('ATTACHMENT_NOT_FOUND') }) } },
    async (request, reply) => {
      // Checked on every request, ranges included: leaving the conversation's pair means no more reads.
      const c = await messaging.participantConversation(ctx, request.params.id, requireUser(request).id);
      const row = await attachments.findAttachment(ctx, c.id, request.params.attachmentId);
      return sendStored(request, reply, ctx.storage, await attachments.keyToServe(ctx, row), {
        contentType: row.contentType,
        filename: row.name,
        disposition: 'attachment',
        cacheControl: 'private, no-store',
      });
    },
  );

  app.get(
    '/messages/:id',
    { schema: { params: conversationParams, querystring: messagesQuery, response: { 200: messageListJsonSchema } } },
    async (request) => messaging.listMessages(ctx, requireUser(request), request.params.id, request.query),
  );

  app.post('/messages', { schema: { body: sendMessageSchema, response: { 200: messageJsonSchema, 201: messageJsonSchema } } }, async (request, reply) => {
    await ctx.limits.consume('messagesAddress', request.ip); // per user: in the service (ADR 0021)
    const { message, created } = await messaging.sendMessage(ctx, requireUser(request), request.body);
    return reply.status(created ? 201 : 200).send(message);
  });
};
