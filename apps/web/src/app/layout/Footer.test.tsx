import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cusp/shared';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { Footer } from './Footer';

describe('Footer', () => {
  it('links only to pages that exist and shows the currency from /config', async () => {
    renderWithProviders(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['About', '/about'],
      ['Privacy policy', '/privacy-policy'],
      ['Support', '/support'],
      ['Contact', '/support'],
      ['Designers', '/designers'],
      ['Services', '/gigs'],
      ['Courses', '/courses'],
    ]);
    expect(await screen.findByText('Global (USD $)')).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Cusp\. All rights reserved\./)).toBeInTheDocument();
  });

  it('subscribes to the newsletter and asks to confirm by e-mail', async () => {
    const api = mockApi({ 'POST /api/newsletter': { status: 202, body: { message: MESSAGES.confirmSubscription } } });
    const { user } = renderWithProviders(<Footer />);
    const field = screen.getByRole('textbox', { name: 'E-mail address for the newsletter' });
    expect(field).toHaveAttribute('placeholder', 'Email');

    await user.type(field, 'Lina@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(MESSAGES.confirmSubscription)).toBeInTheDocument();
    expect(api.to('POST /api/newsletter')[0]?.body).toEqual({ email: 'lina@example.com' });
    expect(field).toHaveValue('');
  });

  it('asks to confirm by e-mail, in Arabic for an Arabic reader', async () => {
    await setLanguage('ar', { persist: false });
    try {
      mockApi({ 'POST /api/newsletter': { status: 202, body: { message: MESSAGES.confirmSubscription } } });
      const { user } = renderWithProviders(<Footer />);
      await user.type(screen.getByRole('textbox', { name: 'البريد الإلكتروني للنشرة الإخبارية' }), 'lina@example.com');
      await user.click(screen.getByRole('button', { name: 'اشترك' }));
      expect(await screen.findByText('شكرًا لك! افتح الرابط الذي أرسلناه إلى هذا العنوان لتأكيد اشتراكك.')).toBeInTheDocument();
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('validates the address before sending', async () => {
    const api = mockApi();
    const { user } = renderWithProviders(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter your email.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mail address for the newsletter' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(api.to('POST /api/newsletter')).toHaveLength(0);
  });
});
