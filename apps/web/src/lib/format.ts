/** Locale-aware formatting with Intl, always in the active UI language (docs/product.md §12.2). */

const RTL_LANGUAGES = new Set(['ar']);

function isRtl(locale: string): boolean {
  return RTL_LANGUAGES.has(new Intl.Locale(locale).language);
}

/**
 * Wraps left-to-right text (a currency code, "US$") in Unicode isolates when the locale is
 * right-to-left, so the bidi algorithm cannot scatter it ("US$" must not become "$US").
 */
export function isolateLtr(text: string, locale: string): string {
  return isRtl(locale) ? `\u2066${text}\u2069` : text;
}

/**
 * Intl formatters are costly to make (a list of 24 cards made ~100 of them per render): one per
 * locale and options, kept.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options ?? {})}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
    rememberTimeZone(); // the time zone data is loaded now: telling the zone costs nothing more
  }
  return format;
}

/** A price as the API sends it, in major units of the platform currency (45.5 is $45.50). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const parts = numberFormat(locale, { style: 'currency', currency }).formatToParts(amount);
  return parts.map((part) => (part.type === 'currency' ? isolateLtr(part.value, locale) : part.value)).join('');
}

/** The currency's symbol, isolated in right-to-left text like a price's ("(US$)" must not read "($US)" in Arabic). */
export function currencySymbol(currency: string, locale: string): string {
  const parts = numberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return isolateLtr(parts.find((part) => part.type === 'currency')?.value ?? currency, locale);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/**
 * Dates and times show in the reader's time zone: the browser's own, or, when the server renders a
 * page, the one the browser told it in the `tz` cookie (decision 0018), so both write the same time.
 */
let displayTimeZone: string | undefined;

/** For server rendering only: the reader's time zone, or undefined for the machine's. Ignores a zone Intl does not know. */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  try {
    displayTimeZone = timeZone ? new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone : undefined;
  } catch {
    displayTimeZone = undefined;
  }
}

/** The browser's time zone, which it tells the server in the `tz` cookie. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

let timeZoneRemembered = false;

/**
 * Writes the browser's time zone to the `tz` cookie, for the server's next render (decision 0018).
 * Asking Intl costs 10-30 ms the first time (its time zone data), a long task on a slow phone: so it
 * happens when the page formats its first date (the data is loaded then anyway) or when the reader
 * leaves the page (start.tsx), never while the app starts (decision 0019).
 */
export function rememberTimeZone(): void {
  if (timeZoneRemembered || typeof document === 'undefined') return; // rendering in Node: nothing to tell
  timeZoneRemembered = true;
  document.cookie = `tz=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax`;
}

export function formatDate(value: Date | string | number, locale: string, options?: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, { ...(options ?? { dateStyle: 'medium' }), timeZone: displayTimeZone }).format(new Date(value));
}

/** Whether two moments fall on the same calendar day where the reader is. */
export function sameDay(a: Date | string | number, b: Date | string | number): boolean {
  const day = dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: displayTimeZone });
  return day.format(new Date(a)) === day.format(new Date(b));
}

export function formatYear(value: Date, locale: string): string {
  return dateTimeFormat(locale, { year: 'numeric' }).format(value);
}
