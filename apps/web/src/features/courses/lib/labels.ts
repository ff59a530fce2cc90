import { useTranslation } from '@/lib/i18n';
import { COURSE_CATEGORIES, formatDuration, isCourseCategory } from '@cusp/shared';

/** Course categories and durations in the active language. */
export function useCourseLabels() {
  const { t } = useTranslation();
  const category = (value: string) => (isCourseCategory(value) ? t(`courses.categories.${value}`) : value);
  return {
    category,
    categoryOptions: COURSE_CATEGORIES.map((value) => ({ value, label: category(value) })),
    /** A total in seconds as "1 h 05 min" / "12 min" / "45 s", for the course facts. */
    totalDuration: (seconds: number) => {
      const h = Math.floor(seconds / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      if (h > 0) return t('courses.duration.hoursMinutes', { hours: h, minutes: m });
      if (m > 0) return t('courses.duration.minutes', { count: m });
      return t('courses.duration.seconds', { count: seconds });
    },
    /** One lesson's length as a clock ("10:30"). */
    clock: (seconds: number | null, text?: string | null) => text ?? (seconds === null ? '' : formatDuration(seconds)),
  };
}
