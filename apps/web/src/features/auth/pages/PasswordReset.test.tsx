import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cusp/shared';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

describe('forgot and reset password', () => {
  it("sends the reset link and shows the server's message", async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': { body: { message: MESSAGES.forgotSent } },
    });
    const ui = renderApp('/forgot-password');
    await ui.user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please fill in your email.')).toBeInTheDocument();

    await ui.user.type(screen.getByLabelText('Email'), 'lina@example.com');
    await ui.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    // The server's own sentence (the web app shows the sentences it knows, in the reader's language).
    expect(await screen.findByText(MESSAGES.forgotSent)).toBeInTheDocument();
    expect(api.to('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'lina@example.com' });
  });

  it('resets the password with the token from the link, then goes to /login', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': { body: { message: MESSAGES.resetDone } } });
    const ui = renderApp('/reset-password?token=abc123');
    await ui.user.type(await screen.findByLabelText('New password'), 'n3w-password');
    await ui.user.type(screen.getByLabelText('Confirm new password'), 'n3w-password');
    await ui.user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText(MESSAGES.resetDone)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(api.to('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      password: 'n3w-password',
      confirmPassword: 'n3w-password',
    });
  });

  it("shows the server's message for an expired link, with a way to ask for a new one", async () => {
    mockApi({ 'POST /api/auth/reset-password': errorReply(400, MESSAGES.resetLinkInvalid, 'RESET_LINK_INVALID') });
    const ui = renderApp('/reset-password?token=old');
    await ui.user.type(await screen.findByLabelText('New password'), 'n3w-password');
    await ui.user.type(screen.getByLabelText('Confirm new password'), 'n3w-password');
    await ui.user.click(screen.getByRole('button', { name: 'Save new password' }));

    const alert = await screen.findByRole('alert');
    // Said by its code (docs/decisions/0039).
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says the link is invalid when it has no token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset link is invalid.');
  });
});
