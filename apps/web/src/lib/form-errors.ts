import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isErrorCode } from '@cusp/shared';
import { isApiError, type ApiError } from './api';

/**
 * What the form keeps for a field the server refused: the field's code (`fieldCodes`, docs/decisions/0056), which the
 * form shows in the reader's language (lib/messages.ts). A server without codes for its fields: its English sentence.
 */
function fieldMessage(error: ApiError, field: string, message: string): string {
  const code = error.fieldCodes[field];
  return isErrorCode(code) ? code : message;
}

/**
 * The server's field errors as a form keeps them: by field, the code where the server sent one, else its sentence.
 * Show them through useMessages().message, which translates a code (and leaves a sentence as it is).
 */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, fieldMessage(error, field, message)]));
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
      setError(field, { type: 'server', message: fieldMessage(error, field, message) }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
