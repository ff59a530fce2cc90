import { MESSAGES } from '@cusp/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
  const headers = securityHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
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

/**
 * The headers helmet sets, computed once. They are the same on every response (no nonces), and @fastify/helmet built
 * helmet's middleware again on every request, parsing the policy each time: a few percent of a cheap route's time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middleware is synchronous; were it ever not, the recorded headers would be incomplete.
  if (!done) throw new Error('helmet did not finish synchronously: the security headers cannot be computed once');
  return headers;
}
