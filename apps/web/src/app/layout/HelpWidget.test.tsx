import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HelpWidget } from './HelpWidget';

describe('HelpWidget', () => {
  it.each(['/messages', '/message/abc', '/services/x', '/services/create', '/login', '/register', '/courses/create'])(
    'is hidden on %s',
    (path) => {
      renderWithProviders(<HelpWidget />, { route: path });
      expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
    },
  );

  it('is shown on / and opens FAQ, Contact Us and the live chat hours', async () => {
    const { user } = renderWithProviders(<HelpWidget />, { route: '/' });
    const button = screen.getByRole('button', { name: 'Help' });
    expect(screen.getByRole('complementary', { name: 'Help' })).toContainElement(button);

    await user.click(button);
    expect(await screen.findByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/support?tab=faq');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/support');
    expect(screen.getByText('Sunday–Thursday 9am–5pm')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/support?tab=faq');
    expect(screen.queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
  });
});
