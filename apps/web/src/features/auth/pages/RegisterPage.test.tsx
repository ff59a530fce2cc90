import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import arCore from '@/locales/ar/core.json';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

type Ui = ReturnType<typeof renderApp>;

async function fillForm(ui: Ui, overrides: Partial<Record<'confirmPassword' | 'phone', string>> = {}) {
  await ui.user.type(await screen.findByLabelText('Username'), 'lina.designs');
  await ui.user.type(screen.getByLabelText('Email'), 'Lina@Example.com');
  await ui.user.type(screen.getByLabelText('Password'), 'sup3r-secret');
  await ui.user.type(screen.getByLabelText('Confirm password'), overrides.confirmPassword ?? 'sup3r-secret');
  await ui.user.type(screen.getByLabelText('Phone'), overrides.phone ?? '+966 500 000 000');
}

const pictureInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('RegisterPage', () => {
  it('shows the schema messages and "Passwords do not match."', async () => {
    const api = mockApi();
    const ui = renderApp('/register');
    await ui.user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please fill out your username.')).toBeInTheDocument();
    expect(screen.getByText('Please fill out your phone number.')).toBeInTheDocument();
    // Each field's message names it in words, not by the schema's name for it.
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Please confirm your password.');
    expect(screen.queryByText(/confirmPassword/)).not.toBeInTheDocument();

    await fillForm(ui, { confirmPassword: 'something-else' });
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.to('POST /api/auth/register')).toHaveLength(0);
  });

  it('refuses a picture that is not an image', async () => {
    const api = mockApi();
    const ui = renderApp('/register');
    await fillForm(ui);
    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(pictureInput(), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('Please choose an image file (JPEG, PNG, WebP or GIF).')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(api.to('POST /api/auth/register')).toHaveLength(0);
  });

  it('registers, shows the success toast and goes to /login (not logged in)', async () => {
    const api = mockApi({ 'POST /api/auth/register': { status: 201, body: { user: buildUser() } } });
    const ui = renderApp('/register');
    await fillForm(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Registration successful! You can complete your profile later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(api.to('POST /api/auth/register')[0]?.body).toEqual({
      username: 'lina.designs',
      email: 'lina@example.com',
      password: 'sup3r-secret',
      confirmPassword: 'sup3r-secret',
      phone: '+966 500 000 000',
    });
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument(); // still a visitor
  });

  it('takes a phone typed in Arabic-Indic digits (a Gulf keyboard) and sends it in ASCII digits', async () => {
    const api = mockApi({ 'POST /api/auth/register': { status: 201, body: { user: buildUser() } } });
    const ui = renderApp('/register');
    await fillForm(ui, { phone: '+٩٦٦ ٥٠٠ ١٢٣ ٤٥٦' });
    expect(screen.getByLabelText('Phone')).toHaveValue('+966 500 123 456');
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.to('POST /api/auth/register')).toHaveLength(1));
    expect(api.to('POST /api/auth/register')[0]?.body).toMatchObject({ phone: '+966 500 123 456' });
  });

  it('sends multipart form data with the chosen picture', async () => {
    const api = mockApi({ 'POST /api/auth/register': { status: 201, body: { user: buildUser() } } });
    const ui = renderApp('/register');
    await fillForm(ui);
    const picture = new File(['png'], 'me.png', { type: 'image/png' });
    await ui.user.upload(pictureInput(), picture);
    expect(screen.getByText('me.png')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(api.to('POST /api/auth/register')).toHaveLength(1));
    const body = api.to('POST /api/auth/register')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('username')).toBe('lina.designs');
    expect((form.get('picture') as File).name).toBe('me.png');
  });

  it('puts a 409 conflict on its field', async () => {
    mockApi({
      'POST /api/auth/register': errorReply(409, 'This username is already taken.', 'USERNAME_TAKEN', {
        username: 'This username is already taken.',
      }),
    });
    const ui = renderApp('/register');
    await fillForm(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('shows a field the server refused in Arabic, by its code, whatever English it wrote', async () => {
    mockApi({
      'POST /api/auth/register': errorReply(400, 'Worded differently now.', 'VALIDATION', { phone: 'Worded differently now.' }, { phone: 'PHONE_INVALID' }),
    });
    await setLanguage('ar', { persist: false });
    const ui = renderApp('/register');
    await waitFor(() => expect(document.querySelector('input[name="username"]')).not.toBeNull());
    const form = document.querySelector('input[name="username"]')!.closest('form')!;
    const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await ui.user.type(input('username'), 'lina.designs');
    await ui.user.type(input('email'), 'lina@example.com');
    await ui.user.type(input('password'), 'sup3r-secret');
    await ui.user.type(input('confirmPassword'), 'sup3r-secret');
    await ui.user.type(input('phone'), '+966 500 000 000');
    await ui.user.click(form.querySelector<HTMLButtonElement>('button[type="submit"]')!);

    expect(await screen.findByText(arCore.codes.PHONE_INVALID)).toBeInTheDocument();
    expect(input('phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Worded differently now.')).not.toBeInTheDocument();
  });

  it('shows the fallback message when the server gives none', async () => {
    mockApi({ 'POST /api/auth/register': { status: 500 } });
    const ui = renderApp('/register');
    await fillForm(ui);
    await ui.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });
});
