import { useSyncExternalStore } from 'react';
import { browserLanguage, LANGUAGES, type Language } from '@cusp/shared';
import enCore from '@/locales/en/core.json';
import { setApiLanguage } from './api';
import { mergeCatalogues, translate, type Catalogue, type TFunction, type TranslationKey } from './translate';

export type { TFunction, TranslationKey };

export const LANGUAGE_STORAGE_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, used on the switch (endonyms are not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

/**
 * The locale Intl formats with. Arabic is pinned to Latin digits (CLDR's current default for 'ar',
 * and what the Arabic catalogue uses), so every browser shows numbers the same way.
 */
const INTL_LOCALES: Record<Language, string> = { en: 'en', ar: 'ar-u-nu-latn' };

export function intlLocale(language: string | undefined): string {
  return isLanguage(language) ? INTL_LOCALES[language] : INTL_LOCALES[DEFAULT_LANGUAGE];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the reader picked on the switch, if they did. */
function storedChoice(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language the app starts in: the reader's choice; else the one the server sent the page in (it chose by
 * the same rule from the `lang` cookie and `Accept-Language`, apps/server/src/web.ts, and the markup to hydrate
 * is in it); else, on a page the server did not prepare, the browser's first language the site speaks
 * (`navigator.languages`); else English (docs/decisions/0060-phone-polish-and-browser-language.md).
 */
export function startLanguage(): Language {
  const chosen = storedChoice();
  if (chosen) return chosen;
  const served = document.getElementById('root')?.dataset.prerendered ? document.documentElement.lang : undefined;
  if (isLanguage(served)) return served;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  return browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

// --- The catalogues, in two parts per language ---------------------------------------------------
// `core` is what the frame (header, footer, menus, help) and the home page say; `pages` is every other
// page's. English core ships in the first script; the rest loads on first use: a language when it is
// chosen, `pages` with the first page that needs it (app/lazy-page.ts), so the home page's first load
// carries about 3 KB of text rather than 15 (decision 0019).
type Part = 'core' | 'pages';
const loaders: Record<Language, Record<Part, () => Promise<Catalogue>>> = {
  en: {
    core: async () => enCore,
    pages: async () => (await import('@/locales/en/pages.json')).default,
  },
  ar: {
    core: async () => (await import('@/locales/ar/core.json')).default,
    pages: async () => (await import('@/locales/ar/pages.json')).default,
  },
};

const catalogues = new Map<Language, Catalogue>([['en', enCore]]);
const loaded = new Map<Language, Map<Part, Promise<void>>>([['en', new Map([['core', Promise.resolve()]])]]);
/** Set once any page has needed `pages`: a language chosen later then loads it too, before switching. */
let pagesNeeded = false;

function loadPart(language: Language, part: Part): Promise<void> {
  const parts = loaded.get(language) ?? new Map<Part, Promise<void>>();
  loaded.set(language, parts);
  let pending = parts.get(part);
  if (!pending) {
    pending = loaders[language][part]().then(
      (catalogue) => void catalogues.set(language, mergeCatalogues(catalogues.get(language) ?? {}, catalogue)),
      (error: unknown) => {
        parts.delete(part); // a failed chunk (network) may be fetched again on the next try
        throw error;
      },
    );
    parts.set(part, pending);
  }
  return pending;
}

// --- The active language ---------------------------------------------------------------------------
let language: Language = DEFAULT_LANGUAGE;
/** The language last asked for: the active one, or the one being loaded to replace it. */
let wanted: Language = DEFAULT_LANGUAGE;

/**
 * Every page but the home page waits for this before its first render (app/lazy-page.ts). In the
 * language being switched to, if a switch is under way: the app's start asks for the stored language
 * and the page's texts at the same time.
 */
export function loadPageStrings(): Promise<void> {
  pagesNeeded = true;
  return loadPart(wanted, 'pages');
}

const listeners = new Set<() => void>();

const reported = new Set<string>();
function missing(lang: Language, key: string): string {
  if (!reported.has(`${lang} ${key}`)) {
    reported.add(`${lang} ${key}`);
    console.error(`No text for "${key}" in the ${lang} catalogue.`);
  }
  return key;
}

const translators = new Map<Language, TFunction>();
/** A `t` bound to one language: a new identity per language, so memoised text follows a switch. */
function translatorFor(lang: Language): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const chain = (): Array<[string, Catalogue]> => {
      const own: [string, Catalogue] = [lang, catalogues.get(lang) ?? {}];
      return lang === DEFAULT_LANGUAGE ? [own] : [own, [DEFAULT_LANGUAGE, catalogues.get(DEFAULT_LANGUAGE) ?? {}]];
    };
    t = (key, options) => translate(chain(), key, options) ?? missing(lang, key);
    translators.set(lang, t);
  }
  return t;
}

const dir = (lang: string = language): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

/** The active language, its direction and `t`, for code outside components (and for components). */
export const i18n = {
  get resolvedLanguage(): Language {
    return language;
  },
  dir,
  t: ((key, options) => translatorFor(language)(key, options)) as TFunction,
};

export function currentLanguage(): Language {
  return language;
}

/**
 * The server reads this cookie to send the home page prerendered in the reader's language
 * (apps/server/src/web.ts); localStorage stays the client's source of truth.
 */
export const LANGUAGE_COOKIE = 'lang';

function applyToDocument(lang: Language): void {
  setApiLanguage(lang);
  if (typeof document === 'undefined') return; // rendering in Node (src/prerender.tsx)
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  const root = document.documentElement;
  root.lang = lang;
  root.dir = dir(lang);
}

/** Loads `lang` if needed, switches to it and, unless told otherwise, remembers it. */
export async function setLanguage(lang: Language, { persist = true } = {}): Promise<void> {
  wanted = lang;
  await Promise.all([loadPart(lang, 'core'), pagesNeeded ? loadPart(lang, 'pages') : null]);
  if (wanted !== lang) return; // asked for another language meanwhile: that call switches
  if (persist) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
  }
  applyToDocument(lang);
  if (lang === language) return;
  language = lang;
  for (const listener of listeners) listener();
}

/** Starts in the reader's language (startLanguage); awaited before the first render so a reload keeps it. */
export async function initI18n(lang: Language = startLanguage()): Promise<typeof i18n> {
  await setLanguage(lang, { persist: false });
  return i18n;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` and `i18n` for a component, which renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translatorFor(lang), i18n };
}
