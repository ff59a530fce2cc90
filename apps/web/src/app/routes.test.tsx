import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '@cusp/shared';
import { renderApp } from '@/test/render';
import { declaredPaths } from './routes';

describe('routes', () => {
  it('renders the home page with its title', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /vetted CAD\/CAM experts/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Cusp · Dental CAD/CAM design marketplace'));
  });

  it.each(['/not-found', '/this/does/not/exist'])('shows 404 on %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · Cusp'));
  });

  it.each([
    ['/about', 'About Cusp', 'About · Cusp'],
    ['/privacy-policy', 'Privacy policy', 'Privacy policy · Cusp'],
    ['/support', 'How can we help?', 'Support · Cusp'],
    ['/login', 'Welcome back', 'Login · Cusp'],
    ['/register', 'Create your account', 'Register · Cusp'],
    ['/forgot-password', 'Forgot your password?', 'Forgot password · Cusp'],
    ['/reset-password?token=t', 'Choose a new password', 'Reset password · Cusp'],
  ])('%s renders "%s" titled "%s"', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // The title is set in a passive effect, which may run just after the heading is committed.
    await waitFor(() => expect(document.title).toBe(title));
  });
});

it('declares exactly the page paths the server answers 200 (PAGE_PATHS; the home page is the index route, the rest is 404)', () => {
  const declared = declaredPaths().filter((path) => path !== '*');
  expect(new Set(declared).size).toBe(declared.length);
  expect(['/', ...declared].sort()).toEqual([...PAGE_PATHS].sort());
});

