import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderApp } from '@/test/render';

describe('/newsletter/confirmed (where the confirmation link ends)', () => {
  afterEach(async () => {
    await setLanguage('en', { persist: false });
  });

  it('says the subscription is confirmed', async () => {
    renderApp('/newsletter/confirmed');
    expect(await screen.findByRole('heading', { name: 'Your subscription is confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says when the link was spent, unknown or expired', async () => {
    renderApp('/newsletter/confirmed?invalid=1');
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.queryByText('Your subscription is confirmed')).not.toBeInTheDocument();
  });

  it('says it in Arabic', async () => {
    await setLanguage('ar', { persist: false });
    renderApp('/newsletter/confirmed');
    expect(await screen.findByRole('heading', { name: 'تم تأكيد اشتراكك' })).toBeInTheDocument();
  });
});
