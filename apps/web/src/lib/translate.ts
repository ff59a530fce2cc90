/**
 * Looking up a string in the catalogues (src/locales/<language>/*.json) and filling it in: the small
 * part of i18next this app used (nested keys, `{{name}}` placeholders, plural forms by `count`,
 * English as the fallback), without its 17 KB of script or its per-call cost (decision 0019).
 */
import type enCore from '@/locales/en/core.json';
import type enPages from '@/locales/en/pages.json';

/** A catalogue: nested objects whose leaves are the texts. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? WithoutPlural<K> : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/** Every key of the English catalogue (the reference): `t('unknown.key')` is a type error. */
export type TranslationKey = KeysOf<typeof enCore & typeof enPages>;

/** Values for the placeholders; `count` also picks the plural form. */
export type TranslateOptions = Record<string, unknown> & { count?: number };

export type TFunction = (key: TranslationKey, options?: TranslateOptions) => string;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

/** Fills `{{name}}` from `values`; a missing value leaves nothing (as i18next did). React escapes the result. */
export function interpolate(text: string, values: TranslateOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The text for `key` in the first catalogue that has it (the reader's language, then English), in the
 * plural form `count` calls for in that language (`key_few`, then `key`), filled in. A key no catalogue
 * has comes back as the key, so a gap shows as a key rather than an empty space.
 */
export function translate(
  catalogues: ReadonlyArray<readonly [language: string, catalogue: Catalogue]>,
  key: string,
  options?: TranslateOptions,
): string | undefined {
  const count = options?.count;
  for (const [language, catalogue] of catalogues) {
    const text =
      (typeof count === 'number' ? lookup(catalogue, `${key}_${pluralForm(language, count)}`) : undefined) ?? lookup(catalogue, key);
    if (text !== undefined) return interpolate(text, options);
  }
  return undefined;
}

/** Folds `extra` into `base` (both nested): a catalogue arrives in parts (core first, pages later). */
export function mergeCatalogues(base: Catalogue, extra: Catalogue): Catalogue {
  const merged: Catalogue = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? mergeCatalogues(existing, value) : value;
  }
  return merged;
}
