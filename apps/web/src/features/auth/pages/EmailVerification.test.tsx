import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutsJson } from '@cusp/shared';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

/**
 * Verified addresses and the second step (docs/decisions/0050): the page of the mailed confirmation link, the banner
 * of an unconfirmed member with "send again", the one-time sign-in link's page, the sign-in form's "we e-mailed you a
 * link", and a gated action refused with EMAIL_UNVERIFIED, in English and Arabic.
 */
const UNCONFIRMED = buildUser({ emailVerified: false, email: 'lina@example.com' });
const UNVERIFIED_TEXT = 'Please confirm your email address first: open the link we e-mailed you, or ask for a new one.';

afterEach(() => setLanguage('en', { persist: false }));

describe('the confirmation link page', () => {
  it('confirms the token of the link once, and says so', async () => {
    const api = mockApi({ 'POST /api/auth/verify-email': { body: { message: 'Your email address is confirmed.' } } });
    renderApp('/verify-email?token=tok-123');
    expect(await screen.findByRole('heading', { name: 'Your email address is confirmed' })).toBeInTheDocument();
    expect(api.to('POST /api/auth/verify-email').map((r) => r.body)).toEqual([{ token: 'tok-123' }]);
  });

  it('a spent link is explained, and a signed-in unconfirmed member gets a new one', async () => {
    const api = mockApi(
      {
        'POST /api/auth/verify-email': errorReply(410, 'This verification link is invalid or has expired.', 'VERIFY_LINK_INVALID'),
        'POST /api/auth/verify-email/resend': { body: { message: 'We have sent a new confirmation link to your email address.' } },
      },
      { user: UNCONFIRMED },
    );
    const ui = renderApp('/verify-email?token=used');
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This confirmation link is invalid or has expired.')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findAllByText('We have sent a new confirmation link to your email address.')).not.toHaveLength(0);
    expect(api.to('POST /api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('a visitor with a spent link is sent to log in for a new one', async () => {
    mockApi({ 'POST /api/auth/verify-email': errorReply(410, 'This verification link is invalid or has expired.', 'VERIFY_LINK_INVALID') });
    renderApp('/verify-email?token=used');
    expect(await screen.findByRole('link', { name: 'Log in to get a new link' })).toHaveAttribute('href', '/login');
  });
});

describe('the banner of an unconfirmed member', () => {
  it('says what waits for the confirmation, and sends the link again', async () => {
    const api = mockApi({ 'POST /api/auth/verify-email/resend': { body: { message: 'sent' } } }, { user: UNCONFIRMED });
    const ui = renderApp('/');
    const banner = (await screen.findByText(/Please confirm your email address: open the link we sent to lina@example\.com/)).closest('[role="status"]') as HTMLElement;
    await ui.user.click(within(banner).getByRole('button', { name: 'Send the link again' }));
    expect(await within(banner).findByText('We have sent a new confirmation link to your email address.')).toBeInTheDocument();
    expect(api.to('POST /api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('is in Arabic for an Arabic reader', async () => {
    await setLanguage('ar', { persist: false });
    mockApi({}, { user: UNCONFIRMED });
    renderApp('/');
    expect(await screen.findByText(/يُرجى تأكيد عنوان بريدك الإلكتروني: افتح الرابط الذي أرسلناه إلى lina@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسل الرابط مجددًا' })).toBeInTheDocument();
  });

  it('is not shown to a confirmed member or a visitor', async () => {
    mockApi({}, { user: buildUser() });
    const ui = renderApp('/');
    expect(await screen.findByRole('button', { name: 'dr.lina' })).toBeInTheDocument();
    expect(screen.queryByText(/Please confirm your email address/)).not.toBeInTheDocument();
    ui.unmount();
    mockApi();
    renderApp('/');
    expect(await screen.findAllByRole('link', { name: /log ?in/i })).not.toHaveLength(0);
    expect(screen.queryByText(/Please confirm your email address/)).not.toBeInTheDocument();
  });
});

describe('a gated action refused with EMAIL_UNVERIFIED', () => {
  it('shows the translated reason where the action was tried', async () => {
    const payouts: PayoutsJson = { available: 0, reserved: 0, paidOut: 0, minimum: 10, currency: 'USD', payouts: [], lines: [] };
    mockApi(
      {
        'GET /api/payouts': { body: payouts },
        'GET /api/payouts/details': { body: null },
        'PUT /api/payouts/details': errorReply(403, UNVERIFIED_TEXT, 'EMAIL_UNVERIFIED'),
      },
      { user: UNCONFIRMED },
    );
    await setLanguage('ar', { persist: false });
    const ui = renderApp('/payouts');
    const part = (await screen.findByRole('heading', { level: 2, name: 'بيانات السحب' })).closest('section')!;
    await ui.user.type(within(part).getByLabelText(/صاحب الحساب/), 'Lina Haddad');
    await ui.user.type(within(part).getByLabelText(/رقم الآيبان/), 'SA03 8000 0000 6080 1016 7519');
    await ui.user.type(within(part).getByLabelText(/اسم البنك/), 'Al Rajhi Bank');
    await ui.user.type(within(part).getAllByLabelText(/كلمة المرور/).find((el) => el.tagName === 'INPUT')!, 'correct-horse-1');
    await ui.user.click(within(part).getByRole('button', { name: 'احفظ بيانات السحب' }));
    expect(await within(part).findByText('يُرجى تأكيد عنوان بريدك الإلكتروني أولًا: افتح الرابط الذي أرسلناه إليك، أو اطلب رابطًا جديدًا.')).toBeInTheDocument();
  });
});

describe('the second step', () => {
  it('the sign-in form says a link was e-mailed when the server asks for a second step', async () => {
    mockApi({ 'POST /api/auth/login': errorReply(429, 'There were too many failed sign-ins...', 'SECOND_STEP_REQUIRED') });
    const ui = renderApp('/login');
    await ui.user.type(await screen.findByLabelText('Email'), 'lina@example.com');
    await ui.user.type(screen.getByLabelText('Password'), 'correct horse');
    await ui.user.click(screen.getByRole('button', { name: 'Login' }));
    const notice = (await screen.findByText('Check your inbox')).closest('[role="status"]');
    expect(notice).toHaveTextContent('Check your inbox');
    expect(notice).toHaveTextContent('we e-mailed you a sign-in link');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('the link page signs in on a click, not on opening', async () => {
    const user = buildUser();
    const api = mockApi({ 'POST /api/auth/login-link': { body: { user } } });
    const ui = renderApp('/login-link?token=link-1');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(api.to('POST /api/auth/login-link')).toHaveLength(0);
    await ui.user.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.to('POST /api/auth/login-link')[0]?.body).toEqual({ token: 'link-1' });
    expect(await screen.findByRole('button', { name: user.username })).toBeInTheDocument();
  });

  it('a spent sign-in link is explained in the reader’s language', async () => {
    await setLanguage('ar', { persist: false });
    mockApi({ 'POST /api/auth/login-link': errorReply(410, 'This sign-in link is invalid, has expired or was already used.', 'LOGIN_LINK_INVALID') });
    const ui = renderApp('/login-link?token=spent');
    await ui.user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('رابط الدخول هذا غير صالح أو انتهت صلاحيته أو استُعمل من قبل.');
  });
});
