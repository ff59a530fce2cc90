import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.js';
import { MEDIA_CONTENT_TYPES } from './sniff.js';
import type { Storage } from './storage.js';

/**
 * Uploaded media (avatars, wallpapers, covers, service images): random keys that never change,
 * so they are cached for a year. Anything that is not an image or a video is sent as a download.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    const found = await storage.get(key);
    if (!found) throw new AppError('NOT_FOUND', 'This file does not exist.');
    const type = MEDIA_CONTENT_TYPES[key.split('.').pop() ?? ''];
    if (!type) reply.header('content-disposition', 'attachment');
    return reply
      .header('content-type', type ?? 'application/octet-stream')
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(found.body);
  });
};
