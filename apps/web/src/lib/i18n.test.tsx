import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { allowConsoleErrors } from '@/test/setup';
import { i18n, initI18n, intlLocale, LANGUAGE_STORAGE_KEY } from './i18n';
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
