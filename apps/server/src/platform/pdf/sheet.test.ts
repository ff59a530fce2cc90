import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { isolateLatinRuns, newSheet, visualChunks } from './sheet.js';

/** What a reader sees, left to right: the drawn pieces joined. */
async function drawn(line: string, language: 'en' | 'ar') {
  const { sheet } = await newSheet(language, 'test');
  return visualChunks(line, language === 'ar', sheet.fonts, false).map((chunk) => chunk.text);
}

describe('PDF lines in mixed directions (docs/decisions/0059)', () => {
  it('keeps a Latin run with digits and brackets whole in an Arabic line', async () => {
    // Without the isolate the bidi algorithm reads "3" after Arabic as an Arabic number: "(D Secure-3".
    expect(await drawn('طريقة الدفع (3-D Secure)', 'ar')).toEqual(['(3-D Secure) ', 'طريقة الدفع']);
    expect(await drawn('الشهر 2026-11 (USD)', 'ar')).toEqual(['2026-11 (USD) ', 'الشهر']);
    // The percentage keeps its brackets; the Arabic comma follows it in reading order (to its left).
    expect(await drawn('رسوم المنصة مشمولة (10%)، من حصة المصمم', 'ar')).toEqual(['، من حصة المصمم', '(10%) ', 'رسوم المنصة مشمولة']);
  });

  it('mirrors brackets around Arabic words', async () => {
    // Drawn left to right: the closing bracket's glyph "(" on the left, the opening one's ")" on the right.
    expect(await drawn('الكمية (قطعتان)', 'ar')).toEqual(['(', 'قطعتان', ') ', 'الكمية']);
  });

  it('leaves English lines as written', async () => {
    expect(await drawn('Paid with sandbox (3-D Secure) •••• 4242', 'en')).toEqual(['Paid with sandbox (3-D Secure) •••• 4242']);
  });

  it('isolates only Latin runs, a bracket only with its partner', () => {
    expect(isolateLatinRuns('الشهر 2026-11 (USD)')).toBe('الشهر \u20662026-11 (USD)\u2069');
    expect(isolateLatinRuns('(USD الشهر)')).toBe('(\u2066USD\u2069 الشهر)');
    expect(isolateLatinRuns('انظر كشف CSV.')).toBe('انظر كشف \u2066CSV\u2069.');
    // A price keeps its symbol and sign: "-$5.00", not "5.00$-".
    expect(isolateLatinRuns('المبلغ المسترد -$5.00')).toBe('المبلغ المسترد \u2066-$5.00\u2069');
  });

  it('draws text that extracts in one piece per run', async () => {
    const { doc, sheet } = await newSheet('ar', 'test');
    sheet.text('طريقة الدفع (3-D Secure)', { x: sheet.left, width: sheet.width });
    const text = (await extractText(await getDocumentProxy(await doc.save()), { mergePages: true })).text;
    expect(text).toContain('(3-D Secure)');
    expect(text).toContain('طريقة الدفع');
  });
});
