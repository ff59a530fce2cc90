import { useCallback } from 'react';
import { COURSE_MESSAGES } from '@cusp/shared';
import { errorMessage } from '@/lib/api';
import { useI18n } from '@/lib/use-i18n';
import { useMessages } from '@/lib/use-messages';

type CourseMessage = keyof typeof COURSE_MESSAGES;

/** Each course sentence of the shared contract, by its text, to its catalogue key under `courses.server`. */
const BY_TEXT = new Map<string, CourseMessage>(
  (Object.entries(COURSE_MESSAGES) as Array<[CourseMessage, string]>).map(([key, text]) => [text, key]),
);

/**
 * Like useMessages, and knows the courses feature's own sentences (packages/shared schemas/courses.ts),
 * so they read in Arabic too. Unknown sentences go to the app's table, then are shown as sent.
 */
export function useCourseMessages() {
  const { t } = useI18n();
  const base = useMessages();

  const message = useCallback(
    (text: string | undefined) => {
      if (!text) return undefined;
      const key = BY_TEXT.get(text);
      return key ? t(`courses.server.${key}`) : base.message(text);
    },
    [t, base],
  );

  const failure = useCallback(
    (error: unknown, fallback: string) => {
      const text = errorMessage(error, fallback);
      const key = BY_TEXT.get(text);
      return key ? t(`courses.server.${key}`) : base.failure(error, fallback);
    },
    [t, base],
  );

  return { message, failure };
}
