import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERRORS, errorCodeOfText, type ApiErrorBody, type ErrorCode } from '@cusp/shared';

interface AppErrorOptions {
  /** The sentence, when it says more than the code's own (a number, a name); default ERRORS[code].message. */
  message?: string;
  fieldErrors?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * The one error type a service throws: a code of ERRORS (packages/shared/src/error-codes.ts, docs/decisions/0039),
 * which gives its status and sentence; the handler below turns it into the error body of docs/product.md §15.2.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

/** The code's error, its sentence also set on one field (a form shows it by that field). */
export function fieldError(code: ErrorCode, field: string, message: string = ERRORS[code].message): AppError {
  return new AppError(code, { message, fieldErrors: { [field]: message } });
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
  const first = issues[0]?.message ?? ERRORS.VALIDATION.message;
  return new AppError('VALIDATION', { message: first, fieldErrors: fieldErrorsOf(issues) });
}

/** Validates data that did not come through a route schema (multipart fields, for one). */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** Fastify's and its plugins' own errors, by their code, to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'REQUEST_FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'NOT_MULTIPART',
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

function send(reply: import('fastify').FastifyReply, status: number, body: ApiErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The body of a code, with its own sentence unless given one. */
function sendCode(reply: import('fastify').FastifyReply, code: ErrorCode, message: string = ERRORS[code].message) {
  return send(reply, ERRORS[code].status, { message, code });
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
      // 404 like an unknown one, with the sentence the route's params schema gives (its not-found one) and that
      // sentence's code when it is a 404 one (ORDER_NOT_FOUND...).
      if (error.validationContext === 'params') {
        const message = issues[0]?.message;
        const code = message ? errorCodeOfText(message) : undefined;
        return code && ERRORS[code].status === 404 ? sendCode(reply, code, message) : sendCode(reply, 'NOT_FOUND', message);
      }
      const appError = validationError(issues);
      return send(reply, 400, { message: appError.message, code: 'VALIDATION', fieldErrors: appError.fieldErrors });
    }
    const sqlState = sqlStateOf(error);
    if (sqlState && INPUT_DATA_EXCEPTIONS.has(sqlState)) {
      request.log.warn({ err: error, sqlState }, 'database refused a value the schemas let through');
      return sendCode(reply, 'INVALID_VALUE');
    }
    if (MULTIPART_PARSER_ERRORS.test(error.message)) {
      return sendCode(reply, 'UPLOAD_MALFORMED');
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendCode(reply, known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { message: ERRORS.BAD_REQUEST.message, code: 'BAD_REQUEST' });
    }
    // Anything else is our fault: log it whole, tell the caller nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return sendCode(reply, 'INTERNAL');
  });

}

/** The 404 answer for an unknown API path or file. */
export function sendNotFound(request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  return sendCode(reply, 'ENDPOINT_NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
}
