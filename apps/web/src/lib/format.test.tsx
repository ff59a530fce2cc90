import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, currencySymbol, formatDate, sameDay, setDisplayTimeZone } from './format';

// First in this file: the cookie is written once per page, by the first date formatted.
describe('the tz cookie (decision 0019)', () => {
  it('is written with the first date the page formats, not before', () => {
    expect(document.cookie).not.toContain('tz=');
    formatDate('2026-11-22T07:31:00Z', 'en');
    expect(document.cookie).toContain(`tz=${encodeURIComponent(browserTimeZone())}`);
  });
});

describe('dates in the reader\'s time zone (server rendering, decision 0018)', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it('writes a time in the zone it is given, as the reader\'s browser would', () => {
    const moment = '2026-11-22T07:31:00Z';
    setDisplayTimeZone('Asia/Riyadh');
    expect(formatDate(moment, 'en', { timeStyle: 'short' })).toBe('10:31 AM');
    setDisplayTimeZone('America/New_York');
    expect(formatDate(moment, 'en', { timeStyle: 'short' })).toBe('2:31 AM');
  });

  it('decides "today" by the reader\'s calendar day', () => {
    // 22:30 UTC on the 21st is already the 22nd in Riyadh.
    setDisplayTimeZone('Asia/Riyadh');
    expect(sameDay('2026-11-21T22:30:00Z', '2026-11-22T09:00:00Z')).toBe(true);
    setDisplayTimeZone('UTC');
    expect(sameDay('2026-11-21T22:30:00Z', '2026-11-22T09:00:00Z')).toBe(false);
  });

  it('ignores a zone Intl does not know (a forged cookie) and uses the machine\'s', () => {
    setDisplayTimeZone('Not/AZone');
    expect(formatDate('2026-11-22T07:31:00Z', 'en', { timeStyle: 'short' })).toBe(
      new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date('2026-11-22T07:31:00Z')),
    );
  });
});

describe('the currency symbol', () => {
  it('is isolated in right-to-left text, as a price is, and left as it is in left-to-right text', () => {
    expect(currencySymbol('USD', 'en')).toBe('$');
    expect(currencySymbol('USD', 'ar-u-nu-latn')).toBe('\u2066US$\u2069');
  });
});
