import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { WELCOME_TOAST_MS } from '@cusp/shared';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const user = buildUser();

async function fillAndSubmit(ui: ReturnType<typeof renderApp>, email = 'lina@example.com', password = 'correct horse') {
  await ui.user.type(await screen.findByLabelText('Email'), email);
  await ui.user.type(screen.getByLabelText('Password'), password);
  await ui.user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the schema messages on an empty submit and calls no login endpoint', async () => {
    const api = mockApi();
    const ui = renderApp('/login');
    await ui.user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Please fill in your email.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /api/auth/login')).toHaveLength(0);
  });

  it('logs in, says "Welcome back!" and lands on the page the guard remembered', async () => {
    let release: () => void = () => {};
    const api = mockApi({
      'POST /api/auth/login': () => new Promise((resolve) => (release = () => resolve({ body: { user } }))),
      'GET /api/orders': () => ({ body: [] }),
    });
    const toast = vi.spyOn(notifications, 'show');
    const ui = renderApp('/orders');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forders');

    await fillAndSubmit(ui);
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    release();

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Welcome back!', autoClose: WELCOME_TOAST_MS }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/);
    expect(api.to('POST /api/auth/login')[0]?.body).toEqual({ email: 'lina@example.com', password: 'correct horse' });
    // the session is now the /me answer: the navbar shows the user
    expect(screen.getByRole('button', { name: user.username })).toBeInTheDocument();
  });

  it('keeps ?redirect= across a reload and refuses an off-site target', async () => {
    // The files page it lands on asks for the member's files.
    mockApi({ 'POST /api/auth/login': { body: { user } }, 'GET /api/file': { body: [] } });
    const ui = renderApp('/login?redirect=%2Ffiles');
    await fillAndSubmit(ui);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/files$/));
    ui.unmount();

    mockApi({ 'POST /api/auth/login': { body: { user } } });
    const again = renderApp('/login?redirect=%2F%2Fevil.example');
    await fillAndSubmit(again);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("shows the server's 401 message in an alert", async () => {
    mockApi({ 'POST /api/auth/login': errorReply(401, 'Invalid email or password.', 'INVALID_CREDENTIALS') });
    const ui = renderApp('/login');
    await fillAndSubmit(ui);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('falls back to "Login failed. Please try again." when the server says nothing readable', async () => {
    mockApi({ 'POST /api/auth/login': { status: 502, body: undefined } });
    const ui = renderApp('/login');
    await fillAndSubmit(ui);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it("puts the server's field errors on the fields", async () => {
    mockApi({
      'POST /api/auth/login': errorReply(400, 'Check the highlighted fields.', 'VALIDATION', {
        email: 'Please enter a valid email address.',
      }),
    });
    const ui = renderApp('/login');
    await fillAndSubmit(ui);
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links to forgot password, register and home', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('tells a visitor sent from a service why they are asked to log in, and says nothing when they came on their own', async () => {
    mockApi({ 'GET /api/services/svc-9': { status: 401 } });
    const ui = renderApp('/services/svc-9');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fservices%2Fsvc-9');
    expect(screen.getByText('Log in to see this service and order it.').closest('[role="status"]')).not.toBeNull();
    ui.unmount();

    renderApp('/login?redirect=%2Forders');
    expect(await screen.findByText('Log in to see your orders.')).toBeInTheDocument();
  });

  it('shows no reason on a plain visit to /login', async () => {
    mockApi();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText(/^Log in to (see|open|read|watch|finish)/)).not.toBeInTheDocument();
  });
});
