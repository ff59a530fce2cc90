import { useCallback } from 'react';
import { errorMessage, isApiError } from './api';
import { translateMessage } from './messages';
import { formatNumber } from './format';
import { useI18n } from './use-i18n';

/**
 * For forms: schema and server sentences in the active language. Kept apart from useI18n because
 * the message table imports the shared schemas (and zod), which the layout must not load.
 */
export function useMessages() {
  const { t, locale } = useI18n();

  /** A schema or server sentence, translated when known. */
  const message = useCallback(
    (text: string | undefined) => (text ? translateMessage(t, locale, text) : undefined),
    [t, locale],
  );

  /** The server's message for a failed call (translated when known), else the given fallback. */
  const failure = useCallback(
    (error: unknown, fallback: string) => {
      if (isApiError(error) && error.status === 429 && !error.message && error.retryAfter) {
        return t('errors.tooManyRequests', { seconds: formatNumber(error.retryAfter, locale) });
      }
      return translateMessage(t, locale, errorMessage(error, fallback));
    },
    [t, locale],
  );

  return { message, failure };
}
