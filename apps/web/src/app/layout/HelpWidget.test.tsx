import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('HelpWidget panel', () => {
  it('says whether it is open, and closes with Escape, giving the focus back to the button', async () => {
    const { user } = renderWithProviders(<HelpWidget />, { route: '/' });
    const button = screen.getByRole('button', { name: 'Help' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Need help?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on a click elsewhere on the page', async () => {
    const { user } = renderWithProviders(
      <>
        <p>Page text</p>
        <HelpWidget />
      </>,
      { route: '/' },
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByText('Page text'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('HelpWidget while scrolling', () => {
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  };
  afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }));

  it('steps away while the reader scrolls down (a phone slides it off), and comes back on the way up or at the end', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
    renderWithProviders(<HelpWidget />, { route: '/' });
    const widget = screen.getByRole('complementary', { name: 'Help' });
    scrollTo(400);
    expect(widget).toHaveAttribute('data-away');
    scrollTo(404); // a resting finger: no change
    expect(widget).toHaveAttribute('data-away');
    scrollTo(200);
    expect(widget).not.toHaveAttribute('data-away');
    scrollTo(5000 - window.innerHeight); // the end of the page, where the footer keeps room for it
    expect(widget).not.toHaveAttribute('data-away');
  });
});
