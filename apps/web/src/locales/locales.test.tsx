import { describe, expect, it } from 'vitest';
import arCore from './ar/core.json';
import arPages from './ar/pages.json';
import enCore from './en/core.json';
import enPages from './en/pages.json';
import { mergeCatalogues } from '@/lib/translate';

const en = mergeCatalogues(enCore, enPages);
const ar = mergeCatalogues(arCore, arPages);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf key, plural forms folded into their base key (Arabic has six, English two). */
function keys(tree: object, prefix = ''): Set<string> {
  const found = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(PLURAL_SUFFIX, '')}`;
    if (value && typeof value === 'object') for (const child of keys(value, `${path}.`)) found.add(child);
    else found.add(path);
  }
  return found;
}

function leaves(tree: object): string[] {
  return Object.values(tree).flatMap((value) => (value && typeof value === 'object' ? leaves(value) : [String(value)]));
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1]).sort();

describe('locales', () => {
  it('Arabic has exactly the keys English has, in the same part (core or pages)', () => {
    expect([...keys(arCore)].sort()).toEqual([...keys(enCore)].sort());
    expect([...keys(arPages)].sort()).toEqual([...keys(enPages)].sort());
  });

  it('no key is in both parts', () => {
    const core = keys(enCore);
    expect([...keys(enPages)].filter((key) => core.has(key))).toEqual([]);
  });

  it('every Arabic text is translated and keeps its placeholders', () => {
    const english = new Map<string, string>();
    const walk = (tree: object, prefix: string, visit: (path: string, text: string) => void) => {
      for (const [key, value] of Object.entries(tree)) {
        if (value && typeof value === 'object') walk(value, `${prefix}${key}.`, visit);
        else visit(`${prefix}${key}`, String(value));
      }
    };
    walk(en, '', (path, text) => english.set(path.replace(PLURAL_SUFFIX, ''), text));
    walk(ar, '', (path, text) => {
      const source = english.get(path.replace(PLURAL_SUFFIX, ''));
      expect(source, path).toBeDefined();
      const expected = placeholders(source ?? '');
      if (PLURAL_SUFFIX.test(path)) {
        // a plural form may leave the count out ("no reviews", "one review")
        for (const name of placeholders(text)) expect(expected, path).toContain(name);
      } else {
        expect(new Set(placeholders(text)), path).toEqual(new Set(expected));
      }
    });
    const arabicScript = /[\u0600-\u06FF]/;
    // A formula of placeholders and symbols ("{{quantity}} × {{price}} = {{total}}") has no words to translate.
    const wordless = (text: string) => !/[A-Za-z]/.test(text.replace(/{{\w+}}/g, ''));
    const untranslated = leaves(ar).filter((text) => !arabicScript.test(text) && !wordless(text) && !/^(Cusp|404|{{page}} · Cusp)$/.test(text));
    expect(untranslated).toEqual([]);
  });
});
