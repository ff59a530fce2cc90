/**
 * Digits as people type them (docs/decisions/0061-arabic-everywhere-web.md). Gulf and many Arabic keyboards type
 * Arabic-Indic digits (U+0660–0669), Persian keyboards the extended ones (U+06F0–06F9); every field where digits
 * are typed (a phone, a card, an IBAN, an amount, a count, a tooth, a date) reads them as the ASCII digits the
 * schemas and the database hold. The one place for that rule: the shared schemas and the web inputs both call it.
 */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** The Arabic decimal separator (U+066B), as a keyboard types it in an amount. */
const ARABIC_DECIMAL_SEPARATOR = /\u066B/g;

/** `٤٢` and `۴۲` as `42`, `٣٫٥` as `3.5`. Every other character is left as it is. */
export function westernDigits(value: string): string {
  // U+0660 and U+06F0 both end in 0 in their low four bits: the low nibble is the digit.
  return value.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf)).replace(ARABIC_DECIMAL_SEPARATOR, '.');
}

/** For a schema's preprocess step: text gets ASCII digits, anything else goes through untouched. */
export const westernDigitsOf = (value: unknown): unknown => (typeof value === 'string' ? westernDigits(value) : value);
