import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * A short limit on bodies that are not uploads (docs/decisions/0049). REQUEST_TIMEOUT_MS is an hour so that a
 * 200 MB upload on a slow link finishes (ADR 0022); a JSON body of a few KB needs seconds, and one trickled for an
 * hour holds a connection and a request that long. Two rules, so that no route has to be listed:
 * - a body the server parses itself (JSON, a form: every route's body except a multipart one) must arrive within
 *   `ms` of its parsing starting, else the answer is 408 `REQUEST_TIMEOUT` and the connection is closed;
 * - a multipart body is read by the upload routes' handlers (platform/storage/receive-file.ts, the sign-up's
 *   picture), under REQUEST_TIMEOUT_MS. Whatever of a body is still arriving `ms` after the answer was sent (a
 *   route that never reads it, or an upload refused early) is cut: its connection is closed.
 */
export function registerBodyTimeout(app: FastifyInstance, ms: number) {
  const parsing = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  app.addHook('preParsing', async (request, _reply, payload) => {
    // Already all here (most bodies; `complete` is Node's, so in-process requests are left alone), or read by an
    // upload route's handler rather than by a parser.
    // The content type as sent: `request.isMultipart()` only knows once the multipart parser has run, after this hook
    // (and a guard on an upload nobody drains would hold it until the limit).
    if (request.raw.complete !== false || /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const guarded = new PassThrough();
    // The parser listens while it reads; a route that reads no body leaves nobody to tell.
    guarded.on('error', () => {});
    const timer = setTimeout(() => {
      payload.unpipe(guarded);
      guarded.destroy(new AppError('REQUEST_TIMEOUT', { headers: { connection: 'close' } }));
    }, ms);
    timer.unref();
    parsing.set(request, timer);
    guarded.once('close', () => clearTimeout(timer));
    payload.once('error', (error) => guarded.destroy(error));
    payload.pipe(guarded);
    return guarded;
  });

  app.addHook('onResponse', async (request) => {
    clearTimeout(parsing.get(request));
    const raw = request.raw;
    if (raw.complete !== false || raw.destroyed) return;
    const timer = setTimeout(() => {
      if (!raw.complete) raw.destroy();
    }, ms);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
  });
}
