import { DateInput, DatesProvider, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { useI18n } from '@/lib/use-i18n';

/** How a date is written in a field and in its hint, in both languages: the ISO form the API speaks. */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';

/**
 * A date field that reads and writes `2026-11-28` in English and Arabic alike, as its hint and the API do
 * (docs/decisions/0061-arabic-everywhere-web.md). The browser's own `<input type="date">` shows the browser's
 * format instead (mm/dd/yyyy in an American Chromium, whatever the page's language), beside an ISO hint.
 * The calendar's month names follow the page's language; the digits typed, Arabic-Indic or Persian, are read
 * as ASCII (`data-digits`, lib/digit-inputs.ts). The value is a `YYYY-MM-DD` string, or null when cleared.
 */
export function IsoDateInput(props: Omit<DateInputProps, 'valueFormat' | 'locale'>) {
  const { t, i18n } = useI18n();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage }}>
      <DateInput
        valueFormat={ISO_DATE_FORMAT}
        dir="ltr"
        data-digits
        clearable
        fixOnBlur
        previousLabel={t('dates.previous')}
        nextLabel={t('dates.next')}
        clearButtonProps={{ 'aria-label': t('dates.clear') }}
        {...props}
      />
    </DatesProvider>
  );
}
