import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { uploadLimits } from '../../platform/storage/limits.js';
import { receiveOneFile } from '../../platform/storage/receive-file.js';
import { storeMedia } from '../../platform/storage/media-store.js';
import { requireUser } from '../auth/index.js';

export const NO_FILE = MESSAGES.noFile;

/**
 * `POST /uploads` (docs/product.md §8.3): the media host, answered in its shape. Public media is images only
 * (docs/decisions/0020): checked by their first bytes and decoded; at most IMAGE_MAX_BYTES, refused
 * with 413 while streaming (with or without a Content-Length), nothing kept.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/uploads', async (request, reply) => {
    const user = requireUser(request);
    const file = await receiveOneFile(request, ctx.limits, user.id, { maxBytes: uploadLimits.image, tooLarge: 'IMAGE_TOO_LARGE' });
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
