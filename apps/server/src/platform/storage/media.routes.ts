import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from './storage.js';
import { AppError } from '../../errors.js';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Public media (avatars, wallpapers, covers): content-addressed by random keys, cached for a year. */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    const type = TYPES[key.split('.').pop() ?? ''];
    const found = type ? await storage.get(key) : null;
    if (!found) throw new AppError('NOT_FOUND', 'This file does not exist.');
    return reply
      .header('content-type', type)
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(found.body);
  });
};
