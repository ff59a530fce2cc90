import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type AccountJson, type AccountSessionJson } from '@cusp/shared';
import { setLanguage } from '@/lib/i18n';
import { userName } from '@/lib/user-name';
import { i18n } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const USER = buildUser();
const ACCOUNT: AccountJson = { username: USER.username, email: USER.email, emailLanguage: 'en', pendingEmail: null, createdAt: '2026-01-01T00:00:00.000Z' };
const SESSIONS: AccountSessionJson[] = [
  { id: 's-1', createdAt: '2026-11-20T08:00:00.000Z', lastSeenAt: '2026-11-24T09:00:00.000Z', expiresAt: '2026-12-20T08:00:00.000Z', browser: 'Firefox', os: 'Windows', ip: '198.51.100.4', current: true },
  { id: 's-2', createdAt: '2026-11-18T08:00:00.000Z', lastSeenAt: '2026-11-23T21:00:00.000Z', expiresAt: '2026-12-18T08:00:00.000Z', browser: 'Safari', os: 'iOS', ip: '192.0.2.7', current: false },
];

function settingsApi(routes: MockRoutes = {}) {
  return mockApi(
    {
      'GET /api/account': { body: ACCOUNT },
      'GET /api/account/sessions': { body: SESSIONS },
      // The notifications' section of the page and the navbar's bell (ADR 0027).
      'GET /api/notifications/preferences': { body: { email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) } },
      'GET /api/notifications/unread-count': { body: { count: 0 } },
      ...routes,
    },
    { user: USER },
  );
}

// The page and its strings load lazily: the first render in a file takes a while.
const section = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('section')!;

afterEach(() => setLanguage('en', { persist: false }));

describe('the settings page', () => {
  it('has one labelled section per concern, reachable from the user menu', async () => {
    settingsApi();
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: /dr\.lina/ }));
    await ui.user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    for (const name of ['Language of e-mails', 'Notifications', 'Password', 'E-mail', 'Sessions', 'Your data', 'Delete account']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/account/export');
  });

  it('saves the language of e-mails as soon as it is chosen', async () => {
    const api = settingsApi({ 'PATCH /api/account': { body: { ...ACCOUNT, emailLanguage: 'ar' } } });
    const ui = renderApp('/settings');
    const part = await section('Language of e-mails');
    expect(within(part).getByRole('radio', { name: 'English' })).toBeChecked();
    await ui.user.click(within(part).getByRole('radio', { name: 'العربية' }));
    expect(await within(part).findByRole('status')).toHaveTextContent('Saved.');
    expect(api.to('PATCH /api/account')[0]?.body).toEqual({ emailLanguage: 'ar' });
    expect(within(part).getByRole('radio', { name: 'العربية' })).toBeChecked();
  });

  it('changes the password: checks the fields, shows a wrong current password on its field, then confirms', async () => {
    let attempt = 0;
    const api = settingsApi({
      'POST /api/account/password': () =>
        ++attempt === 1
          ? errorReply(400, 'The password is not correct.', 'VALIDATION', { currentPassword: 'The password is not correct.' })
          : { body: { message: 'Your password has been changed. Your other sessions have been signed out.', endedSessions: 1 } },
    });
    const ui = renderApp('/settings');
    const part = await section('Password');
    await ui.user.click(within(part).getByRole('button', { name: 'Change password' }));
    expect(await within(part).findByText('Please fill in your current password.')).toBeInTheDocument();
    expect(api.to('POST /api/account/password')).toHaveLength(0);

    await ui.user.type(within(part).getByLabelText('Current password'), 'wrong-one-1');
    await ui.user.type(within(part).getByLabelText('New password'), 'brand-new-pass-1');
    await ui.user.type(within(part).getByLabelText('New password again'), 'brand-new-pass-1');
    await ui.user.click(within(part).getByRole('button', { name: 'Change password' }));
    expect(await within(part).findByText('The password is not correct.')).toBeInTheDocument();

    await ui.user.clear(within(part).getByLabelText('Current password'));
    await ui.user.type(within(part).getByLabelText('Current password'), 'right-one-1');
    await ui.user.click(within(part).getByRole('button', { name: 'Change password' }));
    expect(await within(part).findByRole('status')).toHaveTextContent('Your other sessions have been signed out.');
    expect(api.to('POST /api/account/password')[1]?.body).toEqual({ currentPassword: 'right-one-1', newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' });
    expect(within(part).getByLabelText('Current password')).toHaveValue('');
  });

  it('asks for a change of e-mail and says a registered address is taken', async () => {
    let attempt = 0;
    const api = settingsApi({
      'POST /api/account/email': () =>
        ++attempt === 1
          ? errorReply(409, 'This email is already registered.', 'EMAIL_TAKEN', { email: 'This email is already registered.' })
          : { status: 202, body: { message: 'We have sent a link to the new address. Your email changes when you open it.', pendingEmail: 'new@example.com' } },
    });
    const ui = renderApp('/settings');
    const part = await section('E-mail');
    expect(within(part).getByText('lina@example.com')).toBeInTheDocument();
    await ui.user.type(within(part).getByLabelText('New e-mail'), 'taken@example.com');
    await ui.user.type(within(part).getByLabelText('Password'), 'my-password-1');
    await ui.user.click(within(part).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(part).findByText('This email is already registered.')).toBeInTheDocument();

    await ui.user.clear(within(part).getByLabelText('New e-mail'));
    await ui.user.type(within(part).getByLabelText('New e-mail'), 'New@Example.com');
    await ui.user.click(within(part).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(part).findByRole('status')).toHaveTextContent('Your email changes when you open it.');
    expect(api.to('POST /api/account/email')[1]?.body).toEqual({ email: 'new@example.com', password: 'my-password-1' });
  });

  it('lists the sessions with this device first, and signs out one or all the others', async () => {
    const api = settingsApi({ 'DELETE /api/account/sessions/s-2': { status: 204 }, 'DELETE /api/account/sessions': { body: { ended: 1 } } });
    const ui = renderApp('/settings');
    const part = await section('Sessions');
    const items = await within(part).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Firefox on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Safari on iOS');
    expect(items[1]).toHaveTextContent('192.0.2.7');

    await ui.user.click(within(items[1]!).getByRole('button', { name: /^Sign out Safari on iOS, last active/ }));
    expect(await within(part).findByText('Safari on iOS has been signed out.')).toBeInTheDocument();
    expect(api.to('DELETE /api/account/sessions/s-2')).toHaveLength(1);

    await ui.user.click(within(part).getByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await within(part).findByText('1 other session has been signed out.')).toBeInTheDocument();
    expect(api.to('DELETE /api/account/sessions')).toHaveLength(1);
  });

  it('deletes the account only after a dialog that asks for the password, and explains a refusal', async () => {
    let attempt = 0;
    const api = settingsApi({
      'DELETE /api/account': () =>
        ++attempt === 1
          ? errorReply(409, 'You have orders in progress. Finish or cancel them before deleting your account.', 'ACCOUNT_ORDERS_IN_PROGRESS')
          : { body: { message: 'Your account has been deleted.' } },
      'GET /api/services': { body: [] },
    });
    const ui = renderApp('/settings');
    const part = await section('Delete account');
    await ui.user.click(within(part).getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    await ui.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Please fill in your password.')).toBeInTheDocument();
    expect(api.to('DELETE /api/account')).toHaveLength(0);

    await ui.user.type(within(dialog).getByLabelText('Your password'), 'my-password-1');
    await ui.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have orders in progress.');

    await ui.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    // Signed out and off the members' page (the app's router goes home; the test router's transition may
    // let the members-only guard answer first), told so.
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent(/^\/settings$/));
    expect(screen.queryByRole('button', { name: /dr\.lina/ })).toBeNull();
    expect(api.to('DELETE /api/account')[1]?.body).toEqual({ password: 'my-password-1' });
  });

  it('a refusal for money still to withdraw names the amounts and the ways out, in English and in Arabic', async () => {
    const refusal = errorReply(
      409,
      'You still have $22.50 available and a payout of $40.00 pending. Request a payout of what is available and wait for the pending one to be paid (or contact support), then delete your account.',
      'ACCOUNT_MONEY_TO_WITHDRAW',
    );
    const routes: MockRoutes = { 'DELETE /api/account': refusal, 'GET /api/orders/balance': { body: { escrow: 0, available: 22.5, reserved: 40, currency: 'USD', feePercent: 10 } } };
    const api = settingsApi(routes);
    const ui = renderApp('/settings');
    const refuse = async (names: { section: string; open: string; dialog: string; password: string; confirm: string }) => {
      await ui.user.click(within(await section(names.section)).getByRole('button', { name: names.open }));
      const dialog = await screen.findByRole('dialog', { name: names.dialog });
      await ui.user.type(within(dialog).getByLabelText(names.password), 'my-password-1');
      await ui.user.click(within(dialog).getByRole('button', { name: names.confirm }));
      return dialog;
    };
    const dialog = await refuse({ section: 'Delete account', open: 'Delete my account…', dialog: 'Delete your account?', password: 'Your password', confirm: 'Delete my account' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-refused')).toHaveTextContent(
        'You still have $22.50 available and a payout of $40.00 pending. Request a payout of what is available and wait for the pending one to be paid (or contact support), then delete your account.',
      ),
    );
    expect(within(dialog).getByRole('link', { name: 'Go to payouts' })).toHaveAttribute('href', '/payouts');
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(api.to('DELETE /api/account')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/);
    ui.unmount();

    await setLanguage('ar', { persist: false });
    settingsApi(routes);
    const arabic = renderApp('/settings');
    await arabic.user.click(within(await section('حذف الحساب')).getByRole('button', { name: 'احذف حسابي…' }));
    const arDialog = await screen.findByRole('dialog', { name: 'أتحذف حسابك؟' });
    await arabic.user.type(within(arDialog).getByLabelText('كلمة مرورك'), 'my-password-1');
    await arabic.user.click(within(arDialog).getByRole('button', { name: 'احذف حسابي' }));
    await waitFor(() => expect(within(arDialog).getByTestId('delete-refused')).toHaveTextContent(/^ما زال لك .*22\.50.* متاحًا وطلب سحب بمبلغ .*40\.00.* معلّقًا\./));
    expect(within(arDialog).getByTestId('delete-refused')).not.toHaveTextContent('You still have');
    expect(within(arDialog).getByRole('link', { name: 'اذهب إلى السحوبات' })).toHaveAttribute('href', '/payouts');
  });

  it('is in Arabic, server sentences included', async () => {
    await setLanguage('ar', { persist: false });
    settingsApi({ 'POST /api/account/password': errorReply(400, 'The password is not correct.', 'WRONG_PASSWORD', { currentPassword: 'The password is not correct.' }, { currentPassword: 'WRONG_PASSWORD' }) });
    const ui = renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'إعدادات الحساب' })).toBeInTheDocument();
    const part = await section('كلمة المرور');
    await ui.user.type(within(part).getByLabelText('كلمة المرور الحالية'), 'wrong-one-1');
    await ui.user.type(within(part).getByLabelText('كلمة المرور الجديدة'), 'brand-new-pass-1');
    await ui.user.type(within(part).getByLabelText('كلمة المرور الجديدة مرة أخرى'), 'brand-new-pass-1');
    await ui.user.click(within(part).getByRole('button', { name: 'غيّر كلمة المرور' }));
    expect(await within(part).findByText('كلمة المرور غير صحيحة.')).toBeInTheDocument();
    expect(await screen.findByText('Safari على iOS')).toBeInTheDocument();
  });
});

describe('the e-mail link page', () => {
  it('says the address changed, or why not', async () => {
    mockApi();
    renderApp('/settings/email-confirmed?status=changed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail has been changed' })).toBeInTheDocument();
  });

  it('says a spent link no longer works', async () => {
    mockApi();
    renderApp('/settings/email-confirmed?status=invalid');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
  });
});

describe('a deleted account', () => {
  it('is shown as "deleted user" in both languages', async () => {
    expect(userName(i18n.t, '~deleted-0b6f1f7e-1234-4c1e-9a51-7d3f3b3c2a10')).toBe('Deleted user');
    expect(userName(i18n.t, 'dr.lina')).toBe('dr.lina');
    await setLanguage('ar', { persist: false });
    expect(userName(i18n.t, '~deleted-0b6f1f7e-1234-4c1e-9a51-7d3f3b3c2a10')).toBe('مستخدم محذوف');
  });
});

describe('the Billing tab', () => {
  const BILLING = {
    documents: [
      { _id: 'cn-1', kind: 'credit_note', number: 'CUSP-CN-2026-000004', receiptNumber: 'CUSP-2026-000123', paymentId: 'p-1', role: 'buyer', itemType: 'service', itemId: 'o-1', title: 'Zirconia crown 36', amount: 5, currency: 'USD', issuedAt: '2026-11-22T10:00:00.000Z', pdfUrl: '/api/credit-notes/cn-1.pdf' },
      { _id: 'r-1', kind: 'receipt', number: 'CUSP-2026-000123', receiptNumber: 'CUSP-2026-000123', paymentId: 'p-1', role: 'buyer', itemType: 'service', itemId: 'o-1', title: 'Zirconia crown 36', amount: 25, currency: 'USD', issuedAt: '2026-11-20T10:00:00.000Z', pdfUrl: '/api/payments/p-1/receipt.pdf' },
      { _id: 'r-2', kind: 'receipt', number: 'CUSP-2026-000124', receiptNumber: 'CUSP-2026-000124', paymentId: 'p-2', role: 'designer', itemType: 'course', itemId: 'c-1', title: 'Implant abutments in exocad', amount: 49.5, currency: 'USD', issuedAt: '2026-11-19T10:00:00.000Z', pdfUrl: '/api/payments/p-2/receipt.pdf' },
    ],
    statementMonths: ['2026-11', '2026-10'],
  };

  it('lists receipts and credit notes with their PDFs in the reader\'s language, and statements per month', async () => {
    settingsApi({ 'GET /api/billing': { body: BILLING } });
    const ui = renderApp('/settings');
    await ui.user.click(await screen.findByRole('tab', { name: 'Billing' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=billing'));
    const table = await screen.findByTestId('billing-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('CUSP-CN-2026-000004'),
      expect.stringContaining('CUSP-2026-000123'),
      expect.stringContaining('CUSP-2026-000124'),
    ]);
    expect(rows[0]).toHaveTextContent('On receipt CUSP-2026-000123');
    expect(rows[0]).toHaveTextContent('-$5.00');
    expect(within(rows[2]!).getByText('A sale of your course')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Implant abutments in exocad' })).toHaveAttribute('href', '/courses/c-1');
    expect(within(table).getByRole('link', { name: 'PDF of CUSP-2026-000123' })).toHaveAttribute('href', '/api/payments/p-1/receipt.pdf?lang=en');
    expect(within(table).getByRole('link', { name: 'PDF of CUSP-CN-2026-000004' })).toHaveAttribute('href', '/api/credit-notes/cn-1.pdf?lang=en');
    // On a phone the same documents are cards (CSS chooses; both are in the page).
    expect(within(screen.getByTestId('billing-cards')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Statement for November 2026, PDF' })).toHaveAttribute('href', '/api/statements/2026-11.pdf?lang=en');
    expect(screen.getByRole('link', { name: 'Statement for October 2026, CSV' })).toHaveAttribute('href', '/api/statements/2026-10.csv');
  });

  it('opens from its address, in Arabic, and says when there is nothing yet', async () => {
    await setLanguage('ar', { persist: false });
    settingsApi({ 'GET /api/billing': { body: { documents: [], statementMonths: [] } } });
    renderApp('/settings?tab=billing');
    expect(await screen.findByRole('tab', { name: 'الفوترة', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('لا إيصالات بعد: تظهر هنا بعد أول دفعة لك.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'الكشوف الشهرية' })).not.toBeInTheDocument();
  });
});
