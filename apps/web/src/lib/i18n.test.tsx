import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { allowConsoleErrors } from '@/test/setup';
import { i18n, initI18n, intlLocale, LANGUAGE_STORAGE_KEY, startLanguage } from './i18n';
import { translateMessage } from './messages';

describe('i18n', () => {
  it('starts in the stored language, so a reload keeps Arabic and right-to-left', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    await initI18n();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');

    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'مرحبًا بعودتك' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('تسجيل الدخول · Cusp'));
  });

  it('shows the shared schema messages in Arabic', async () => {
    await initI18n('ar');
    const ui = renderApp('/login');
    await ui.user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('يُرجى إدخال بريدك الإلكتروني.')).toBeInTheDocument();
    expect(screen.getByText('يُرجى إدخال كلمة المرور.')).toBeInTheDocument();
  });

  describe('a first visit, with no language chosen', () => {
    /** The browser's languages (navigator.languages), most preferred first, for this test. */
    const browserPrefers = (...preferred: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(preferred);
    afterEach(() => {
      vi.spyOn(navigator, 'languages', 'get').mockRestore();
      document.getElementById('root')?.remove();
      document.documentElement.lang = 'en';
    });

    it("starts in the browser's first language the site speaks: an Arabic browser gets Arabic, right to left", async () => {
      browserPrefers('ar-SA', 'en-US');
      expect(startLanguage()).toBe('ar');
      await initI18n();
      expect(document.documentElement.lang).toBe('ar');
      expect(document.documentElement.dir).toBe('rtl');
      // Nothing is remembered as a choice: the browser's language keeps deciding until the reader picks.
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();

      browserPrefers('fr-FR', 'ar');
      expect(startLanguage()).toBe('ar');
      browserPrefers('fr-FR', 'de');
      expect(startLanguage()).toBe('en');
    });

    it("once the reader picks, their choice wins over the browser's language", async () => {
      browserPrefers('ar-SA', 'ar');
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
      expect(startLanguage()).toBe('en');
      browserPrefers('en-GB');
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
      expect(startLanguage()).toBe('ar');
    });

    it('starts in the language of the page the server sent, so hydration finds the same markup', async () => {
      // The server chose Arabic (its lang cookie or Accept-Language) though this browser lists English first.
      browserPrefers('en-US', 'ar');
      const root = document.createElement('div');
      root.id = 'root';
      root.dataset.prerendered = 'shell';
      document.body.append(root);
      document.documentElement.lang = 'ar';
      expect(startLanguage()).toBe('ar');
      // A page the server did not prepare (no data-prerendered) follows the browser.
      delete root.dataset.prerendered;
      expect(startLanguage()).toBe('en');
    });
  });

  it('falls back to English for an unknown stored value', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    await initI18n();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("translates the schemas' field codes, and shows any other text as sent", async () => {
    await initI18n('ar');
    const say = (text: string) => translateMessage(i18n.t, intlLocale('ar'), text);
    expect(say('EMAIL_TAKEN')).toBe('هذا البريد الإلكتروني مسجل بالفعل.');
    expect(say('PASSWORD_LENGTH')).toBe('يجب أن تتكون كلمة المرور من 8 إلى 128 حرفًا.');
    expect(say('Something new from the server.')).toBe('Something new from the server.');
  });

  describe('in a fresh page (its own copy of the module)', () => {
    const fresh = async () => {
      vi.resetModules();
      return import('./i18n');
    };

    it('starts with the frame’s texts only, and a page’s texts in the language being switched to', async () => {
      const { i18n: own, initI18n: init, loadPageStrings } = await fresh();
      expect(own.t('nav.login')).toBe('Login');
      expect(own.t('courses.list.title')).toBe('courses.list.title'); // pages' texts not loaded yet
      expect(allowConsoleErrors().flat().join(' ')).toContain('No text for "courses.list.title"');
      // start.tsx asks for the stored language and the page's texts at once
      await Promise.all([init('ar'), loadPageStrings()]);
      expect(own.t('courses.list.title')).toBe('الدورات المتاحة');
      expect(own.t('nav.login')).toBe('تسجيل الدخول');
    });

    it('loads the pages’ texts of a language chosen after a page needed them', async () => {
      const { i18n: own, loadPageStrings, setLanguage } = await fresh();
      await loadPageStrings();
      expect(own.t('courses.list.title')).toBe('Available Courses');
      await setLanguage('ar', { persist: false });
      expect(own.t('courses.list.title')).toBe('الدورات المتاحة');
    });

    it('ends in the language asked for last when two switches overlap', async () => {
      const { i18n: own, setLanguage } = await fresh();
      await Promise.all([setLanguage('ar', { persist: false }), setLanguage('en', { persist: false })]);
      expect(own.resolvedLanguage).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    });
  });
});
