import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.js';
import { webDistFolder } from './paths.js';

/**
 * Serves the built web app (D1: one origin). Hashed assets are cached for a year; every other
 * path that is not the API gets index.html, and the client router shows the page or its 404.
 */
export async function registerWebApp(app: FastifyInstance, root = webDistFolder): Promise<boolean> {
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web app not built (${index} missing): run "npm run build"`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each script and stylesheet (vite.config.ts): sent as the
    // browser accepts, they cut a first visit's 700+ KB of code to about a quarter.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(pathname)) {
      return sendNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
