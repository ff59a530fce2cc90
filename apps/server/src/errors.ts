import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERRORS, isErrorCode, sentenceOf, type ApiErrorBody, type ErrorCode } from '@cusp/shared';

interface AppErrorOptions {
  /** The sentence, when it says more than the code's own (a number, a name); default ERRORS[code].message. */
  message?: string;
  fieldErrors?: Record<string, string>;
  /** Each field's code (docs/decisions/0056); `fieldError` sets it, `validationError` takes it from the issues. */
  fieldCodes?: Record<string, ErrorCode>;
  headers?: Record<string, string>;
}

/**
 * The one error type a service throws: a code of ERRORS (packages/shared/src/error-codes.ts, docs/decisions/0039),
 * which gives its status and sentence; the handler below turns it into the error body of docs/product.md §15.2.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly fieldCodes?: Record<string, ErrorCode>;
  readonly headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
    this.fieldErrors = options.fieldErrors;
    this.fieldCodes = options.fieldCodes;
    this.headers = options.headers;
  }
}

/** The code's error, its sentence also set on one field (a form shows it by that field, in its reader's language). */
export function fieldError(code: ErrorCode, field: string, message: string = ERRORS[code].message): AppError {
  return new AppError(code, { message, fieldErrors: { [field]: message }, fieldCodes: { [field]: code } });
}

/**
 * A refused field: its path, and as message a code of ERRORS (what the shared schemas and the services give) or,
 * for a sentence that says more than its code (a number, a tooth), that sentence with its `fieldCode` beside it.
 */
export interface FieldIssue {
  path: PropertyKey[] | string;
  message: string;
  fieldCode?: ErrorCode;
  /** A prescription rule's parameters (a zod issue's `params`): its sentence names the tooth. */
  params?: Record<string, unknown>;
}

/**
 * Field errors from issues: the first for each field, keyed by its dotted path, as its English sentence
 * (`fieldErrors`, docs/product.md §15.2) and its code (`fieldCodes`). A message that is neither a code nor comes with
 * one (zod's own words, where a schema gave none) has a sentence and no code.
 */
export function fieldErrorsOf(issues: ReadonlyArray<FieldIssue>) {
  const fieldErrors: Record<string, string> = {};
  const fieldCodes: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? issue.path.map(String).join('.') : String(issue.path).replace(/^\//, '').replaceAll('/', '.');
    if (!key || key in fieldErrors) continue;
    fieldErrors[key] = sentenceOf(issue.message, issue.params);
    const code = issue.fieldCode ?? (isErrorCode(issue.message) ? issue.message : undefined);
    if (code) fieldCodes[key] = code;
  }
  return { fieldErrors, fieldCodes };
}

/** A 400 VALIDATION: its message is the first field's sentence, then every field's sentence and code. */
export function validationError(issues: ReadonlyArray<FieldIssue>) {
  const first = issues[0] ? sentenceOf(issues[0].message, issues[0].params) : ERRORS.VALIDATION.message;
  return new AppError('VALIDATION', { message: first, ...fieldErrorsOf(issues) });
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

function sendAppError(reply: import('fastify').FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return send(reply, error.status, {
    message: error.message,
    code: error.code,
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    ...(error.fieldCodes && Object.keys(error.fieldCodes).length ? { fieldCodes: error.fieldCodes } : {}),
  });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // `params.params` is a custom issue's own `params` (a prescription rule's tooth), as the zod provider passes it on.
      const issues = error.validation.map((v) => ({ path: v.instancePath, message: v.message ?? 'Invalid value.', params: (v.params as { params?: Record<string, unknown> }).params }));
      // The one place a malformed id in the path is judged (ADR 0023): it names nothing, so it is a 404 like an
      // unknown one, with the not-found code the route's params schema names (./http-params.ts: ORDER_NOT_FOUND...).
      if (error.validationContext === 'params') {
        const code = issues[0]?.message;
        return sendCode(reply, isErrorCode(code) && ERRORS[code].status === 404 ? code : 'NOT_FOUND');
      }
      return sendAppError(reply, validationError(issues));
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
