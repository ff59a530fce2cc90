import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Secrets that travel in URLs, by where they sit (docs/decisions/0049): anyone holding one of these URLs holds what
 * it opens, so none may reach the log.
 * - path: a share link's token, `/api/files/<token>` (the file itself, a patient's scan) and the page
 *   `/share/<token>`;
 * - query: `token` (password reset page `/reset-password`, e-mail change `/api/account/email/confirm`, newsletter
 *   `/api/newsletter/confirm`) and `s`, the signature of the one-click unsubscribe link
 *   (`/api/notifications/unsubscribe?u=&k=&s=`).
 * A new route that carries a secret in its URL adds its place here (log-redaction.test.ts lists every such route).
 */
const SECRET_PATH = /(\/api\/files\/|\/share\/)[^/?#\s"'<>]+/g;
const SECRET_QUERY = /([?&](?:token|s)=)[^&#\s"'<>]*/g;

export const REDACTED = '[redacted]';

/** The text with every URL secret above replaced by `[redacted]`; the route's shape stays readable. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Fastify's request serializer (the `req` of "incoming request"), with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error serializer, with URLs in the message and stack redacted (an error may quote the URL it failed on). */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = redactSecrets(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactSecrets(serialized.stack);
  return serialized;
}

/**
 * The logger options that keep URL secrets out of every line: the request and error serializers, a `url` field
 * (the socket adapter's and the page renderer's), and the message itself (Fastify's "Route GET:/... not found",
 * "Reply was already sent ... in the "/..." route").
 */
export function redactingLoggerOptions(): pino.LoggerOptions {
  return {
    serializers: { req: serializeRequest as pino.SerializerFn, err: serializeError as pino.SerializerFn },
    formatters: {
      log(object) {
        return typeof object.url === 'string' ? { ...object, url: redactSecrets(object.url) } : object;
      },
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
}
