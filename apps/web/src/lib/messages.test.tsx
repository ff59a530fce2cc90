import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '@cusp/shared';
import arCore from '@/locales/ar/core.json';
import enCore from '@/locales/en/core.json';
import { ApiError } from './api';
import { i18n, initI18n, intlLocale } from './i18n';
import { translateError, translateMessage } from './messages';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const arabicScript = /[\u0600-\u06FF]/;

/** The catalogue's texts for a code: `codes.CODE`, or its plural forms. */
function textsOf(catalogue: { codes: Record<string, string> }, code: string): string[] {
  return Object.entries(catalogue.codes)
    .filter(([key]) => key === code || (PLURAL.test(key) && key.replace(PLURAL, '') === code))
    .map(([, text]) => text);
}

describe('error codes (packages/shared/src/error-codes.ts)', () => {
  it('have an English and an Arabic text each, in the frame catalogue, and no text is left without its code', () => {
    const codes = Object.keys(ERRORS) as ErrorCode[];
    expect(codes.length).toBeGreaterThan(100);
    for (const code of codes) {
      const english = textsOf(enCore, code);
      const arabic = textsOf(arCore, code);
      expect(english, code).not.toEqual([]);
      expect(arabic, code).not.toEqual([]);
      for (const text of english) expect(text.trim(), code).not.toBe('');
      for (const text of arabic) expect(text, code).toMatch(arabicScript);
    }
    const known = new Set<string>(codes);
    expect(Object.keys(enCore.codes).map((key) => key.replace(PLURAL, '')).filter((key) => !known.has(key))).toEqual([]);
  });

  it('translate a failed call by its code, whatever English the server wrote', async () => {
    await initI18n('ar');
    const ar = intlLocale('ar');
    const failed = (status: number, code: string, message: string, retryAfter?: number) => new ApiError(status, message, code, {}, retryAfter);
    expect(translateError(i18n.t, ar, failed(409, 'ORDER_WRONG_STATUS', 'worded differently now'), 'x')).toBe(i18n.t('codes.ORDER_WRONG_STATUS'));
    expect(i18n.t('codes.ORDER_WRONG_STATUS')).toMatch(arabicScript);
    // A VALIDATION says its first field's code; without one, the code's own text. Its English is never read.
    const invalid = (fieldCodes: Record<string, string>) =>
      new ApiError(400, 'Please fill in your password.', 'VALIDATION', { email: 'Worded differently now.' }, undefined, fieldCodes);
    expect(translateError(i18n.t, ar, invalid({ email: 'EMAIL_INVALID' }), 'x')).toBe(i18n.t('codes.EMAIL_INVALID'));
    expect(translateError(i18n.t, ar, invalid({}), 'x')).toBe(i18n.t('codes.VALIDATION'));
    // A 429 says how long to wait, from Retry-After, in the reader's words.
    expect(translateError(i18n.t, ar, failed(429, 'RATE_LIMITED', 'Too many login attempts. Please try again in 2 minutes.', 90), 'x')).toBe(
      'محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.',
    );
    // No known code: the server's sentence, else the caller's fallback (a network failure).
    expect(translateError(i18n.t, ar, failed(418, 'TEAPOT', 'Short and stout.'), 'x')).toBe('Short and stout.');
    expect(translateError(i18n.t, ar, new ApiError(0, '', 'NETWORK'), 'تعذّر الاتصال')).toBe('تعذّر الاتصال');
    expect(translateError(i18n.t, ar, new Error('boom'), 'fallback')).toBe('fallback');

    await initI18n('en');
    expect(translateError(i18n.t, intlLocale('en'), failed(403, 'ORDER_NOT_YOUR_TURN', ''), 'x')).toBe(ERRORS.ORDER_NOT_YOUR_TURN.message);
  });

  it('translate a field by its code, with its limits in the reader’s digits, and never look an English sentence up', async () => {
    await initI18n('ar');
    const text = translateMessage(i18n.t, intlLocale('ar'), 'ORDER_TOO_MANY_UNITS');
    expect(text).toMatch(arabicScript);
    expect(text).not.toContain('{{');
    expect(translateMessage(i18n.t, intlLocale('ar'), 'TITLE_TOO_LONG')).toBe(i18n.t('codes.TITLE_TOO_LONG', { titleMax: '120' }));
    // A sentence is not a code: shown as it is, even one that is some code's sentence.
    expect(translateMessage(i18n.t, intlLocale('ar'), ERRORS.ORDER_TOO_MANY_UNITS.message)).toBe(ERRORS.ORDER_TOO_MANY_UNITS.message);
  });
});
