import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

describe('language switch', () => {
  it("switches to Arabic: rtl, lang ar, stored, and labelled 'English'", async () => {
    const ui = renderApp('/');
    const toArabic = await screen.findByRole('button', { name: 'العربية' });
    expect(toArabic).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await ui.user.click(toArabic);

    const toEnglish = await screen.findByRole('button', { name: 'English' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(window.localStorage.getItem('lang')).toBe('ar');
    expect(screen.getByRole('link', { name: 'الملفات' })).toHaveAttribute('href', '/files');
    expect(screen.getByText('عالمي (\u2066USD \u2066US$\u2069\u2069)')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Cusp · سوق تصميم الأسنان الرقمي CAD/CAM'));

    await ui.user.click(toEnglish);
    expect(await screen.findByRole('button', { name: 'العربية' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem('lang')).toBe('en');
  });

  it("a member's e-mails follow the switch: the account's e-mail language is saved with it", async () => {
    const api = mockApi({ 'PATCH /api/account': { body: { email: 'a@b.c', pendingEmail: null, emailLanguage: 'ar' } } }, { user: buildUser() });
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(api.to('PATCH /api/account').map((request) => request.body)).toEqual([{ emailLanguage: 'ar' }]));
    await ui.user.click(await screen.findByRole('button', { name: 'English' }));
    await waitFor(() => expect(api.to('PATCH /api/account').map((request) => request.body)).toEqual([{ emailLanguage: 'ar' }, { emailLanguage: 'en' }]));
  });
});
