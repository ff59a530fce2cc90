import type { TFunction, TranslationKey } from '@/lib/i18n';
import type { UserNotification } from '@/lib/domain';

/** The sentence for a notification in the reader's language, from its kind and params (notifications.kinds.*). */
export function notificationText(t: TFunction, n: Pick<UserNotification, 'kind' | 'params'>): string {
  const key = n.kind === 'order_cancelled' && n.params.refunded ? 'order_cancelled_refunded' : n.kind;
  // The number a kind's plural follows: stars, days, or how many chat messages one notification stands for (ADR 0054;
  // a chat notification from before it stands for one).
  const count = [n.params.stars, n.params.days, n.params.count].find((v): v is number => typeof v === 'number') ?? (n.kind === 'message_received' ? 1 : undefined);
  return t(`notifications.kinds.${key}` as TranslationKey, { ...n.params, count });
}

/**
 * The sentence as shown: a chat message's preview is the sender's own text, in either direction, and ends the
 * sentence, so it is isolated (FSI...PDI); otherwise an English preview in Arabic (or the reverse) has its final
 * full stop thrown to the wrong end ('.design is ready').
 */
export function notificationDisplayText(t: TFunction, n: Pick<UserNotification, 'kind' | 'params'>): string {
  const { preview } = n.params;
  return notificationText(t, typeof preview === 'string' ? { ...n, params: { ...n.params, preview: `\u2068${preview}\u2069` } } : n);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "يوم أمس"...; under a minute, "now". */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  return format.format(0, 'second');
}
