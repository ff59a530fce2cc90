import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MONEY_MESSAGES, type PayoutDetailsJson, type PayoutsJson } from '@cusp/shared';
import { setLanguage } from '@/lib/i18n';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

/**
 * The designer's payouts page (docs/decisions/0036): the payout details form (the IBAN checked before it is
 * sent, the saved details shown masked), a request the server refuses shown by its code in the reader's language,
 * and the payouts and running balance tables.
 */
const DESIGNER = buildUser({ role: 'designer' });

const PAYOUTS: PayoutsJson = {
  available: 27.5,
  reserved: 0,
  paidOut: 40,
  minimum: 10,
  currency: 'USD',
  payouts: [
    { _id: 'po-1', amount: 40, currency: 'USD', method: 'bank', destination: 'Al Rajhi Bank SA03 •••• 7519', status: 'paid', reference: 'TRX-1', reason: null, createdAt: '2026-11-20T09:00:00.000Z', decidedAt: '2026-11-21T09:00:00.000Z' },
    { _id: 'po-2', amount: 15, currency: 'USD', method: 'bank', destination: 'Al Rajhi Bank SA03 •••• 7519', status: 'rejected', reference: null, reason: 'The account holder does not match.', createdAt: '2026-11-22T09:00:00.000Z', decidedAt: '2026-11-22T10:00:00.000Z' },
  ],
  lines: [
    { kind: 'release', amount: 22.5, balance: 22.5, orderId: 'o-1', courseId: null, payoutId: null, createdAt: '2026-11-10T09:00:00.000Z' },
    { kind: 'release', amount: 22.5, balance: 45, orderId: 'o-2', courseId: null, payoutId: null, createdAt: '2026-11-12T09:00:00.000Z' },
    { kind: 'split', amount: 22.5, balance: 67.5, orderId: 'o-3', courseId: null, payoutId: null, createdAt: '2026-11-14T09:00:00.000Z' },
    { kind: 'payout_reserved', amount: -40, balance: 27.5, orderId: null, courseId: null, payoutId: 'po-1', createdAt: '2026-11-20T09:00:00.000Z' },
  ],
};

const SAVED: PayoutDetailsJson = {
  method: 'bank',
  accountHolder: 'Lina Haddad',
  iban: 'SA03 •••• 7519',
  bankName: 'Al Rajhi Bank',
  stripeAccount: null,
  updatedAt: '2026-11-24T09:00:00.000Z',
  changedAt: '2026-11-24T09:00:00.000Z',
  holdUntil: null,
};
/** Just changed: payouts to it wait 72 hours (docs/decisions/0051). */
const HELD: PayoutDetailsJson = { ...SAVED, changedAt: '2026-11-27T12:00:00.000Z', holdUntil: '2026-11-30T12:00:00.000Z' };

function payoutsApi(routes: MockRoutes = {}) {
  return mockApi({ 'GET /api/payouts': { body: PAYOUTS }, 'GET /api/payouts/details': { body: null }, ...routes }, { user: DESIGNER });
}

// The page and its strings load lazily: the first render in a file takes a while.
const section = async (name: string | RegExp) => (await screen.findByRole('heading', { level: 2, name })).closest('section')!;
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

afterEach(() => setLanguage('en', { persist: false }));

describe('the payouts page', () => {
  it('checks the IBAN before sending it, then shows the saved details masked', async () => {
    const api = payoutsApi({ 'PUT /api/payouts/details': { body: SAVED } });
    const ui = renderApp('/payouts');
    const part = await section('Payout details');
    expect(within(part).getByText('No payout details yet: add where the money should go.')).toBeInTheDocument();
    await ui.user.type(within(part).getByLabelText(/Account holder/), 'Lina Haddad');
    // One digit off: the check digits do not match.
    await ui.user.type(within(part).getByLabelText(/^IBAN/), 'SA03 8000 0000 6080 1016 7518');
    await ui.user.type(within(part).getByLabelText(/Bank name/), 'Al Rajhi Bank');
    await ui.user.type(within(part).getByLabelText(/Your password/), 'correct-horse-1');
    await ui.user.click(within(part).getByRole('button', { name: 'Save payout details' }));
    expect(await within(part).findByText(MONEY_MESSAGES.iban)).toBeInTheDocument();
    expect(within(part).getByLabelText(/^IBAN/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('PUT /api/payouts/details')).toHaveLength(0);

    await ui.user.clear(within(part).getByLabelText(/^IBAN/));
    await ui.user.type(within(part).getByLabelText(/^IBAN/), 'sa03 8000 0000 6080 1016 7519');
    await ui.user.click(within(part).getByRole('button', { name: 'Save payout details' }));
    expect(await within(part).findByTestId('payout-details-saved')).toHaveTextContent('Payouts go to Lina Haddad, Al Rajhi Bank, SA03 •••• 7519.');
    expect(within(part).queryByText(MONEY_MESSAGES.iban)).not.toBeInTheDocument();
    expect(api.to('PUT /api/payouts/details')[0]?.body).toEqual({ method: 'bank', accountHolder: 'Lina Haddad', iban: 'sa03 8000 0000 6080 1016 7519', bankName: 'Al Rajhi Bank', password: 'correct-horse-1' });
    // The password is not kept in the form once the change is made.
    expect(within(part).getByLabelText(/Your password/)).toHaveValue('');
    // The full account number is never on the page.
    expect(document.body).not.toHaveTextContent('6080');
  });

  it('asks for the current password: missing, it is not sent; wrong, the server says so on the field', async () => {
    const api = payoutsApi({ 'PUT /api/payouts/details': errorReply(400, 'The password is not correct.', 'WRONG_PASSWORD', { password: 'The password is not correct.' }) });
    const ui = renderApp('/payouts');
    const part = await section('Payout details');
    await ui.user.type(within(part).getByLabelText(/Account holder/), 'Lina Haddad');
    await ui.user.type(within(part).getByLabelText(/^IBAN/), 'SA03 8000 0000 6080 1016 7519');
    await ui.user.type(within(part).getByLabelText(/Bank name/), 'Al Rajhi Bank');
    await ui.user.click(within(part).getByRole('button', { name: 'Save payout details' }));
    expect(await within(part).findByText('Please fill in your password.')).toBeInTheDocument();
    expect(api.to('PUT /api/payouts/details')).toHaveLength(0);

    await ui.user.type(within(part).getByLabelText(/Your password/), 'not-my-password');
    await ui.user.click(within(part).getByRole('button', { name: 'Save payout details' }));
    expect(await within(part).findByText('The password is not correct.')).toBeInTheDocument();
    expect(api.to('PUT /api/payouts/details')).toHaveLength(1);
  });

  it('while the details are held, says until when and disables the payout request, in English and in Arabic', async () => {
    const api = payoutsApi({ 'GET /api/payouts/details': { body: HELD } });
    const ui = renderApp('/payouts');
    const details = await section('Payout details');
    expect(await within(details).findByTestId('payout-details-held')).toHaveTextContent(/^Payouts to this account are held until Nov 30, 2026, \d{1,2}:\d{2}/);
    expect(within(details).getByTestId('payout-details-held')).toHaveTextContent('A new payout destination waits 72 hours');
    const request = await section('Withdraw money');
    const button = within(request).getByRole('button', { name: 'Request payout' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/^Payouts are held until Nov 30, 2026, .*: your payout details changed less than 72 hours ago\.$/);
    expect(api.to('POST /api/payouts')).toHaveLength(0);
    ui.unmount();

    await setLanguage('ar', { persist: false });
    payoutsApi({ 'GET /api/payouts/details': { body: HELD } });
    renderApp('/payouts');
    const arDetails = await section('بيانات السحب');
    expect(await within(arDetails).findByTestId('payout-details-held')).toHaveTextContent(/^السحب إلى هذا الحساب معلّق حتى .*2026/);
    expect(within(arDetails).getByTestId('payout-details-held')).not.toHaveTextContent(/held|Nov/);
    const arRequest = await section('اسحب أموالك');
    expect(within(arRequest).getByRole('button', { name: 'اطلب السحب' })).toBeDisabled();
  });

  it('once the hold is over, the payout can be requested', async () => {
    payoutsApi({ 'GET /api/payouts/details': { body: SAVED } });
    renderApp('/payouts');
    await screen.findByTestId('payout-details-saved');
    const request = await section('Withdraw money');
    expect(within(request).getByRole('button', { name: 'Request payout' })).toBeEnabled();
    expect(screen.queryByTestId('payout-details-held')).not.toBeInTheDocument();
  });

  it('shows saved details masked as the server sends them', async () => {
    payoutsApi({ 'GET /api/payouts/details': { body: SAVED } });
    renderApp('/payouts');
    expect(await screen.findByTestId('payout-details-saved')).toHaveTextContent('Payouts go to Lina Haddad, Al Rajhi Bank, SA03 •••• 7519.');
  });

  it('a request below the minimum is refused by the server: its code shown on the amount, in English and in Arabic', async () => {
    const refusal = errorReply(400, 'The amount is below the smallest payout.', 'PAYOUT_BELOW_MINIMUM', { amount: MONEY_MESSAGES.belowMinimum('$10.00') });
    const api = payoutsApi({ 'POST /api/payouts': refusal });
    const ui = renderApp('/payouts');
    const part = await section('Withdraw money');
    expect(within(part).getByText(/A payout is at least \$10\.00\./)).toBeInTheDocument();
    await ui.user.type(within(part).getByLabelText(/Amount \(USD\)/), '5');
    await ui.user.click(within(part).getByRole('button', { name: 'Request payout' }));
    expect(await within(part).findByText('A payout is at least $10.00.')).toBeInTheDocument();
    expect(within(part).getByLabelText(/Amount \(USD\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /api/payouts')[0]?.body).toEqual({ amount: 5 });
    ui.unmount();

    await setLanguage('ar', { persist: false });
    payoutsApi({ 'POST /api/payouts': refusal });
    const arabic = renderApp('/payouts');
    const arPart = await section('اسحب أموالك');
    await arabic.user.type(within(arPart).getByLabelText(/المبلغ \(USD\)/), '5');
    await arabic.user.click(within(arPart).getByRole('button', { name: 'اطلب السحب' }));
    const amount = within(arPart).getByLabelText(/المبلغ \(USD\)/);
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    const errorId = amount.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!;
    // The page's Arabic sentence with the minimum in the reader's format (the same as the hint above the field).
    expect(document.getElementById(errorId)).toHaveTextContent('أقل سحب \u200f10.00 \u2066US$\u2069.', { normalizeWhitespace: false });
    expect(arPart).not.toHaveTextContent('A payout is at least');
  });

  it('lists the payouts with their status and reference, and the running balance line by line', async () => {
    payoutsApi();
    renderApp('/payouts');
    expect(await screen.findByTestId('payouts-available')).toHaveTextContent('$27.50');
    expect(screen.getByTestId('payouts-reserved')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('payouts-paidOut')).toHaveTextContent('$40.00');
    const history = await section('Payout history');
    const payouts = rowsOf(within(history).getByTestId('payouts-table'));
    expect(payouts).toHaveLength(2);
    expect(payouts[0]!.slice(1)).toEqual(['$40.00', 'Al Rajhi Bank SA03 •••• 7519', 'PaidReference TRX-1']);
    expect(payouts[1]!.slice(1)).toEqual(['$15.00', 'Al Rajhi Bank SA03 •••• 7519', 'RejectedThe account holder does not match.']);
    const [, balance] = within(history).getAllByRole('table');
    expect(within(history).getByRole('heading', { level: 2, name: 'Running balance' })).toBeInTheDocument();
    expect(rowsOf(balance!).map((cells) => cells.slice(1))).toEqual([
      ['Order completed', '$22.50', '$22.50'],
      ['Order completed', '$22.50', '$45.00'],
      ['Dispute split or partial refund', '$22.50', '$67.50'],
      ['Payout requested', '-$40.00', '$27.50'],
    ]);
  });
});
