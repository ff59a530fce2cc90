import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
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
    expect(document.title).toBe('تسجيل الدخول · Cusp');
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

  it("translates the server's known sentences, and leaves unknown ones as sent", async () => {
    await initI18n('ar');
    const say = (text: string) => translateMessage(i18n.t, intlLocale('ar'), text);
    expect(say('This email is already registered.')).toBe('هذا البريد الإلكتروني مسجل بالفعل.');
    expect(say('Too many login attempts. Please try again in 2 minutes.')).toBe(
      'محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.',
    );
    expect(say('Password must be 8 to 128 characters.')).toBe('يجب أن تتكون كلمة المرور من 8 إلى 128 حرفًا.');
    expect(say('Something new from the server.')).toBe('Something new from the server.');

    await initI18n('en');
    const english = 'Too many login attempts. Please try again in 2 minutes.';
    expect(translateMessage(i18n.t, intlLocale('en'), english)).toBe(english);
  });
});
