/**
 * Money (docs/product.md §6.1): stored and computed as integer minor units, shown and typed in major units.
 * The API speaks major units (45.5 means $45.50), as the clients it was first written for expect (docs/product.md §15.1).
 */
const digitsCache = new Map<string, number>();
/** Minor digits of a currency (2 for USD and SAR, 0 for JPY); cached, as Intl objects are costly to build. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyDigits(currency));
}

export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
