import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { storeMedia } from '../../platform/storage/media-store.js';
import { requireUser } from '../auth/session.js';

export const NO_FILE = MESSAGES.noFile;

/** Multipart framing around the file never comes near this. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * `POST /uploads` (D20): the media host of SPEC.md, answered in its shape. Public media is images only
 * (docs/decisions/0020): checked by their first bytes and decoded; at most IMAGE_MAX_BYTES, refused
 * with 413 while streaming (with or without a Content-Length), nothing kept.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/uploads', async (request, reply) => {
    requireUser(request);
    await ctx.limits.consumeAll([['uploadsUser', request.user!.id], ['uploadsAddress', request.ip]]); // ADR 0021
    if (Number(request.headers['content-length'] ?? 0) > uploadLimits.image + ENVELOPE_BYTES) {
      throw new AppError('TOO_LARGE', MESSAGES.imageTooLarge, { file: MESSAGES.imageTooLarge });
    }
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', NO_FILE, { file: NO_FILE });
    // One byte over the limit is enough to know; the parser cuts there and storeMedia answers 413.
    const file = await request.file({ limits: { fileSize: uploadLimits.image + 1, files: 1 } });
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
