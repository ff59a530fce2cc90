import { describe, expect, it } from 'vitest';
import { interpolate, mergeCatalogues, translate, type Catalogue } from './translate';

const en: Catalogue = {
  nav: { login: 'Log in' },
  reviews: { count_one: '{{count}} review', count_other: '{{count}} reviews' },
  greeting: 'Hello, {{ name }}!',
  onlyEnglish: 'Fallback',
};
const ar: Catalogue = {
  nav: { login: 'تسجيل الدخول' },
  reviews: {
    count_zero: 'لا مراجعات',
    count_one: 'مراجعة واحدة',
    count_two: 'مراجعتان',
    count_few: '{{count}} مراجعات',
    count_many: '{{count}} مراجعة',
    count_other: '{{count}} مراجعة',
  },
};

describe('translate', () => {
  it('finds nested keys in the reader’s catalogue first, then English, and nothing for an unknown key', () => {
    expect(translate([['ar', ar], ['en', en]], 'nav.login')).toBe('تسجيل الدخول');
    expect(translate([['ar', ar], ['en', en]], 'onlyEnglish')).toBe('Fallback');
    expect(translate([['en', en]], 'nav.nothing')).toBeUndefined();
    expect(translate([['en', en]], 'nav')).toBeUndefined(); // a branch is not a text
    expect(translate([['en', en]], 'nav.login.deeper')).toBeUndefined();
  });

  it('picks the plural form the language’s rules call for', () => {
    const say = (lang: string, catalogue: Catalogue, count: number) => translate([[lang, catalogue]], 'reviews.count', { count });
    expect(say('en', en, 1)).toBe('1 review');
    expect(say('en', en, 0)).toBe('0 reviews');
    expect(say('en', en, 5)).toBe('5 reviews');
    expect([0, 1, 2, 3, 11, 100].map((n) => say('ar', ar, n))).toEqual([
      'لا مراجعات',
      'مراجعة واحدة',
      'مراجعتان',
      '3 مراجعات',
      '11 مراجعة',
      '100 مراجعة',
    ]);
  });

  it('fills placeholders, leaving nothing for a missing value and markup as text', () => {
    expect(translate([['en', en]], 'greeting', { name: '<b>Lina</b>' })).toBe('Hello, <b>Lina</b>!');
    expect(interpolate('{{a}} and {{b}}', { a: 1 })).toBe('1 and ');
    expect(interpolate('$& {{a}}', { a: '$1' })).toBe('$& $1');
  });

  it('merges catalogue parts deeply without changing either', () => {
    const core: Catalogue = { catalogue: { tags: { crown: 'Crown' } } };
    const pages: Catalogue = { catalogue: { title: 'Services' }, orders: { title: 'Orders' } };
    expect(mergeCatalogues(core, pages)).toEqual({ catalogue: { tags: { crown: 'Crown' }, title: 'Services' }, orders: { title: 'Orders' } });
    expect(core).toEqual({ catalogue: { tags: { crown: 'Crown' } } });
  });
});
