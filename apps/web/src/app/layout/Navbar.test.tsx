import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp, renderWithProviders } from '@/test/render';
import { Navbar } from './Navbar';

describe('Navbar', () => {
  it('shows the brand, the main links and the Support menu', async () => {
    const { user } = renderWithProviders(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('link', { name: 'Cusp, home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/gigs');
    expect(within(nav).getByRole('link', { name: 'Designers' })).toHaveAttribute('href', '/designers');
    expect(within(nav).getByRole('link', { name: 'Files' })).toHaveAttribute('href', '/files');
    expect(within(nav).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/messages');
    // The search box: a plain GET form to /gigs, which works before the app is hydrated (docs/product.md §7.4).
    const search = screen.getByRole('search', { name: 'Find a service' });
    expect(search).toHaveAttribute('action', '/gigs');
    expect(search).toHaveAttribute('method', 'get');
    expect(within(search).getByRole('searchbox', { name: 'Find a service' })).toHaveAttribute('name', 'search');
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/courses');

    await user.click(within(nav).getByRole('button', { name: 'Support' }));
    expect(await screen.findByRole('menuitem', { name: 'FAQ' })).toHaveAttribute('href', '/support?tab=faq');
    expect(screen.getByRole('menuitem', { name: 'Contact Us' })).toHaveAttribute('href', '/support');
    await screen.findByRole('link', { name: 'Login' }); // let the session check settle
  });

  it('opens the Support menu from the keyboard, with the focus in it; Escape closes it', async () => {
    const { user } = renderWithProviders(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    within(nav).getByRole('button', { name: 'Support' }).focus();
    await user.keyboard('{Enter}');
    const faq = await screen.findByRole('menuitem', { name: 'FAQ' });
    await waitFor(() => expect(faq).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'FAQ' })).not.toBeInTheDocument());
    await screen.findByRole('link', { name: 'Login' });
  });

  it('shows a loader during the session check, then Login and Register for a visitor', async () => {
    renderWithProviders(<Navbar />);
    expect(screen.getByText('Checking your session')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText('Checking your session')).not.toBeInTheDocument();
  });

  it('shows the username and its menu for a user, and logs out', async () => {
    const api = mockApi({ 'POST /api/auth/logout': { status: 204 } }, { user: buildUser({ username: 'dr.lina' }) });
    const { user } = renderApp('/about');
    const account = await screen.findByRole('button', { name: 'dr.lina' });
    expect(account.querySelector('img')).toHaveAttribute('src', '/default-avatar.svg');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await user.click(account);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Courses' })).toHaveAttribute('href', '/my-courses');
    expect(screen.getByRole('menuitem', { name: 'Messages' })).toHaveAttribute('href', '/messages');

    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.to('POST /api/auth/logout')).toHaveLength(1);
  });

  it('gains a shadow once the page is scrolled', async () => {
    renderWithProviders(<Navbar />);
    const header = screen.getByRole('banner');
    expect(header).not.toHaveAttribute('data-scrolled');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
      fireEvent.scroll(window);
    });
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled'));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await screen.findByRole('link', { name: 'Login' });
  });

  it('offers the same links in a drawer behind the burger', async () => {
    const { user } = renderWithProviders(<Navbar />);
    await screen.findByRole('link', { name: 'Login' });
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Files' })).toHaveAttribute('href', '/files');
    expect(within(drawer).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/support?tab=faq');
    expect(within(drawer).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // The language switch comes first: before the search box and every link, at the top of a long menu.
    const language = within(drawer).getByRole('button', { name: 'العربية' });
    const first = [within(drawer).getByRole('searchbox'), ...within(drawer).getAllByRole('link')];
    for (const other of first) expect(language.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
