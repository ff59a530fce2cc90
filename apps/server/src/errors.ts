import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode, MESSAGES } from '@cusp/shared';

/** The one error type a service throws; the handler below turns it into the error body of docs/product.md §15.2. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

/** Field errors from zod issues: the first message for each field, keyed by its dotted path. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[] | string; message: string }>) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? issue.path.map(String).join('.') : String(issue.path).replace(/^\//, '').replaceAll('/', '.');
    if (key && !(key in fieldErrors)) fieldErrors[key] = issue.message;
  }
  return fieldErrors;
}

export function validationError(issues: ReadonlyArray<{ path: PropertyKey[] | string; message: string }>) {
  const first = issues[0]?.message ?? 'The request is not valid.';
  return new AppError('VALIDATION', first, fieldErrorsOf(issues));
}

/** Validates data that did not come through a route schema (multipart fields, for one). */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'TOO_LARGE', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_TYPE', message: 'This content type is not supported.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'TOO_LARGE', message: 'The file is too large.' },
  FST_FILES_LIMIT: { code: 'BAD_REQUEST', message: 'Too many files in one request.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'BAD_REQUEST', message: 'The request is not multipart form data.' },
};

/**
 * PostgreSQL's "data exception" codes that only the request's values can cause: invalid byte sequence
 * (a NUL), invalid input syntax (a malformed uuid or number), a number out of range, a negative
 * LIMIT/OFFSET, a value too long, an unsupported Unicode escape. The schemas refuse all of these
 * first (ADR 0023); this is the safety net for one that slips through: a 400, not a 500, logged so the
 * cause gets fixed.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22021', '22P02', '22P05', '22003', '2201W', '2201X', '22001']);

/** The SQLSTATE of a database error, looking through the query builder's wrapping (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** What the multipart parser (busboy) throws for a cut-off or malformed body: the client's doing. */
const MULTIPART_PARSER_ERRORS = /^(Unexpected end of multipart data|Multipart: Boundary not found|Boundary required|Malformed part header|Unexpected end of form)$/;

const NOT_FOUND_MESSAGE = 'Not found.';

function send(reply: import('fastify').FastifyReply, status: number, body: ApiErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, {
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath, message: v.message ?? 'Invalid value.' }));
      // The one place a malformed id in the path is judged (ADR 0023): it names nothing, so it is a
      // 404 like an unknown one, with the sentence the route's params schema gives (its not-found one).
      if (error.validationContext === 'params') {
        return send(reply, 404, { message: issues[0]?.message ?? NOT_FOUND_MESSAGE, code: 'NOT_FOUND' });
      }
      const appError = validationError(issues);
      return send(reply, 400, { message: appError.message, code: 'VALIDATION', fieldErrors: appError.fieldErrors });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState && INPUT_DATA_EXCEPTIONS.has(sqlState)) {
      request.log.warn({ err: error, sqlState }, 'database refused a value the schemas let through');
      return send(reply, 400, { message: 'The request holds a value that cannot be used.', code: 'BAD_REQUEST' });
    }
    if (MULTIPART_PARSER_ERRORS.test(error.message)) {
      return send(reply, 400, { message: MESSAGES.uploadMalformed, code: 'BAD_REQUEST' });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, ERROR_CODES[known.code], { message: known.message, code: known.code });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { message: 'The request could not be processed.', code: 'BAD_REQUEST' });
    }
    // Anything else is our fault: log it whole, tell the caller nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

}

/** The 404 answer for an unknown API path or file. */
export function sendNotFound(request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  return send(reply, 404, { message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
}
