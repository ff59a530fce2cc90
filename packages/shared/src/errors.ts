import type { ErrorCode } from './error-codes.js';

/**
 * The error body of every failed call (docs/product.md §15.2). The server builds it in one place
 * (apps/server/src/errors.ts); the client reads it back with `readApiError`. `code` is one of ERRORS
 * (./error-codes.ts), which the client translates.
 */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode | string;
  fieldErrors?: Record<string, string>;
  /** Each field's code beside its English sentence, so a client translates the field by code (docs/decisions/0056). */
  fieldCodes?: Record<string, ErrorCode>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
