/** Locale-aware formatting with Intl, always in the active UI language (DECISIONS D11, D23). */

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

/** A price as the API sends it, in major units of the platform currency (45.5 is $45.50). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(amount);
  return parts.map((part) => (part.type === 'currency' ? isolateLtr(part.value, locale) : part.value)).join('');
}

export function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

export function formatDate(value: Date | string | number, locale: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'medium' }).format(new Date(value));
}

export function formatYear(value: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(value);
}
