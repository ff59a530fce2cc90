import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.js';
import { MEDIA_CONTENT_TYPES } from './sniff.js';
import type { Storage } from './storage.js';

/**
 * The public media folders. Everything else in storage (case files, order files, lesson videos) is
 * private and reachable only through the routes that check who is asking.
 */
export const PUBLIC_MEDIA_PREFIXES = ['images/', 'videos/', 'files/', 'demo/'] as const;

/**
 * Uploaded media (avatars, wallpapers, covers, service images): random keys that never change,
 * so they are cached for a year. Anything that is not an image or a video is sent as a download.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    const isPublic = PUBLIC_MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix));
    const found = isPublic ? await storage.get(key) : null;
    if (!found) throw new AppError('MEDIA_NOT_FOUND');
    const type = MEDIA_CONTENT_TYPES[key.split('.').pop() ?? ''];
    if (!type) reply.header('content-disposition', 'attachment');
    return reply
      .header('content-type', type ?? 'application/octet-stream')
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(found.body);
  });
};
