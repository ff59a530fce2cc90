import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

describe('RequireAuth', () => {
  it('shows a loader while the session check runs', async () => {
    mockApi({ 'GET /api/auth/me': () => new Promise(() => {}) });
    renderApp('/files');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage files' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login, remembering the page', async () => {
    renderApp('/orders?page=2');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forders%3Fpage%3D2');
  });

  it('lets a logged-in user in', async () => {
    mockApi({ 'GET /api/orders': () => ({ body: [] }) }, { user: buildUser() });
    renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  });
});
