import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ERRORS, isErrorCode } from '@cusp/shared';
import { isApiError, type ApiError } from './api';

/**
 * A field's sentence as the form shows it (translated by lib/messages.ts): the server's, or, where the server
 * wrote its own words for the error's code on the field ("Tooth 11 is not in..."), that code's sentence, so the
 * field reads in the reader's language too.
 */
function fieldSentence(error: ApiError, message: string): string {
  if (message === error.message && error.code !== 'VALIDATION' && isErrorCode(error.code)) return ERRORS[error.code].message;
  return message;
}

/**
 * Puts the server's field errors (400, 409) onto the form's own fields. Returns whether any field
 * received one, so the form can skip repeating the message in its alert.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message: fieldSentence(error, message) }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
