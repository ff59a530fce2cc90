import { formatDate, formatNumber, sameDay } from '@/lib/format';

/** Today: the time; otherwise the short date (and the time when `withTime`), via Intl in the active language. */
export function formatWhen(value: string, locale: string, withTime = false): string {
  const date = new Date(value);
  if (sameDay(date, Date.now())) return formatDate(date, locale, { timeStyle: 'short' });
  return formatDate(date, locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

/** 1.2 MB, 340 kB... in the active language. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 });
}
