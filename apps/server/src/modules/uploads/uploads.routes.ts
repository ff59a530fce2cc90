import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_MAX_BYTES, MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { storeMedia } from '../../platform/storage/media-store.js';
import { requireUser } from '../auth/session.js';

export const NO_FILE = MESSAGES.noFile;

/** `POST /uploads` (D20): the media host of SPEC.md, answered in its shape. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/uploads', async (request, reply) => {
    requireUser(request);
    await ctx.limits.consumeAll([['uploadsUser', request.user!.id], ['uploadsAddress', request.ip]]); // ADR 0021
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', NO_FILE, { file: NO_FILE });
    const file = await request.file({ limits: { fileSize: FILE_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') {
      file?.file.resume();
      throw new AppError('BAD_REQUEST', NO_FILE, { file: NO_FILE });
    }
    const stored = await storeMedia(ctx.storage, file);
    return reply.status(201).send({
      secure_url: stored.url,
      thumbnail_url: stored.thumbnailUrl,
      original_filename: stored.originalFilename,
      resource_type: stored.resourceType,
      bytes: stored.bytes,
    });
  });
};
