import { describe, expect, it } from 'vitest';
import { didYouMeanHeader, searchGroups, tsqueryText } from './search.js';
import { SEARCH_SYNONYMS, searchKeys, withoutArticle } from './search-synonyms.js';

describe('the synonym table', () => {
  it('is well formed: every term in one group only, words of letters, digits, dots, hyphens and slashes', () => {
    // search.ts reads the table when loaded and throws on a term in two groups or a character a query cannot hold.
    expect(searchGroups('zirconia').length).toBe(1);
    const seen = new Map<string, number>();
    SEARCH_SYNONYMS.forEach((group, i) => {
      expect(group.length, `group ${i}`).toBeGreaterThan(1);
      for (const term of group) {
        expect(term, term).toMatch(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u);
        const key = searchKeys(term).join(' ');
        expect(seen.get(key) ?? i, `"${term}" is also in group ${seen.get(key)}`).toBe(i);
        seen.set(key, i);
      }
    });
  });
});

describe('search groups', () => {
  const shape = (text: string) => searchGroups(text).map((g) => ({ typed: g.typed, synonym: g.synonym }));

  it('takes the longest synonym phrase, ignoring case, dots and hyphens', () => {
    expect(shape('Porcelain fused to metal crowns')).toEqual([
      { typed: 'porcelain fused to metal', synonym: true },
      { typed: 'crowns', synonym: true },
    ]);
    expect(shape('E.max')).toEqual([{ typed: 'e.max', synonym: true }]);
    expect(shape('E-MAX veneers')).toEqual([
      { typed: 'e-max', synonym: true },
      { typed: 'veneers', synonym: true },
    ]);
    expect(shape('LiSi2 zr')).toEqual([
      { typed: 'lisi2', synonym: true },
      { typed: 'zr', synonym: true },
    ]);
    expect(shape('التاج دعامة')).toEqual([
      { typed: 'التاج', synonym: true },
      { typed: 'دعامة', synonym: true },
    ]);
    expect(shape('monolithic')).toEqual([{ typed: 'monolithic', synonym: false }]);
  });

  it('keeps only letters and digits in the query text, at most 8 words', () => {
    expect(searchGroups("')|( && :* ' or 1=1 --").map((g) => tsqueryText(g.own))).toEqual(["'or':*", "'1':*", "'1':*"]);
    expect(searchGroups('!!! ***')).toEqual([]);
    expect(searchGroups('a b c d e f g h i j k')).toHaveLength(8);
    expect(searchGroups('تَاجٌ')[0]!.typed).toBe('تاج'); // diacritics off
  });

  it('strips the Arabic article for lookups only', () => {
    expect(withoutArticle('التاج')).toBe('تاج');
    expect(withoutArticle('الا')).toBeNull();
    expect(withoutArticle('crown')).toBeNull();
  });
});

it('encodes X-Did-You-Mean for HTTP: ASCII as is, the rest percent-encoded', () => {
  expect(didYouMeanHeader('zirconia crown')).toBe('zirconia crown');
  expect(didYouMeanHeader('تاج')).toBe(encodeURIComponent('تاج'));
  expect(decodeURIComponent(didYouMeanHeader('100% تاج'))).toBe('100% تاج');
});
