import { useCallback } from 'react';
import type { ErrorCode } from '@cusp/shared';
import { codeText, translateError, translateMessage } from './messages';
import { useI18n } from './use-i18n';

/**
 * For forms: field sentences and failed calls in the active language, by their code (lib/messages.ts). Kept
 * apart from useI18n because the code table imports the shared schemas (and zod), which the layout must not load.
 */
export function useMessages() {
  const { t, locale } = useI18n();

  /** A field's sentence (the schemas' or the server's `fieldErrors`), translated by its code when it has one. */
  const message = useCallback(
    (text: string | undefined) => (text ? translateMessage(t, locale, text) : undefined),
    [t, locale],
  );

  /** The text for a failed call, by its code; `fallback` when the server said nothing (a network failure). */
  const failure = useCallback((error: unknown, fallback: string) => translateError(t, locale, error, fallback), [t, locale]);

  /** The text of a code the server answered outside an error (a declined card's `{ status: 'failed', code }`). */
  const ofCode = useCallback((code: ErrorCode) => codeText(t, locale, code), [t, locale]);

  return { message, failure, ofCode };
}
