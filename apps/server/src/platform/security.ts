import { MESSAGES } from '@cusp/shared';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { createOriginCheck } from './origin.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = MESSAGES.crossSite;

/**
 * Security headers for every response, and the cross-site request check (docs/product.md §4.8, docs/decisions/0003): a state-changing
 * call is refused when the browser says it comes from another origin. Together with SameSite=Lax
 * cookies this replaces CSRF tokens (docs/decisions/0003-csrf-by-origin.md).
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });

  // The same check guards Socket.IO handshakes (platform/origin.ts, docs/decisions/0022).
  const allowOrigin = createOriginCheck(config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const secFetchSite = request.headers['sec-fetch-site'];
    const allowed = allowOrigin({
      origin: request.headers.origin,
      host: request.headers.host,
      protocol: request.protocol,
      secFetchSite: Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite,
    });
    if (!allowed) throw new AppError('CROSS_SITE');
  });
}
