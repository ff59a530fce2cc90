import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@cusp/shared';
import en from '@/locales/en.json';
import { setApiLanguage } from './api';

export type Resources = typeof en;

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

/** English ships with the app; other languages load on first use so the first paint stays light. */
const loaders: Record<Language, () => Promise<Resources>> = {
  en: async () => en,
  ar: async () => (await import('@/locales/ar.json')).default,
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

/**
 * The server reads this cookie to send the home page prerendered in the reader's language
 * (apps/server/src/web.ts); localStorage stays the client's source of truth.
 */
export const LANGUAGE_COOKIE = 'lang';

function applyToDocument(language: string): void {
  if (typeof document === 'undefined') return; // prerendering in Node (scripts/prerender.mjs)
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  const root = document.documentElement;
  root.lang = language;
  root.dir = i18n.dir(language);
  setApiLanguage(language);
}

/** Loads `language` if needed, switches to it and, unless told otherwise, remembers it. */
export async function setLanguage(language: Language, { persist = true } = {}): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loaders[language]());
  }
  await i18n.changeLanguage(language);
  if (persist) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
  }
}

/** Starts i18next in the stored language; awaited before the first render so a reload keeps it. */
export async function initI18n(language: Language = readStoredLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyToDocument);
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    });
  }
  await setLanguage(language, { persist: false });
  return i18n;
}

export { i18n };
