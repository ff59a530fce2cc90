import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPayoutJson } from '@cusp/shared';
import { buildUser } from '@/test/factories';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { buildService } from '../test-data';
import { AdminPage } from './AdminPage';

const admin = buildUser({ id: 'admin-1', username: 'site.admin', isAdmin: true });

/** The admin API over a small in-memory state, so a change shows up when the page reloads the list. */
function adminApi(extra: MockRoutes = {}) {
  const designers = [
    buildUser({ id: 'designer-2', username: 'new.designer', email: 'new@example.com', isDesigner: true, role: 'Crown', tags: ['Crown'] }),
  ];
  const services = [buildService({ _id: 'svc-1', title: 'Zirconia crown design' }), buildService({ _id: 'svc-2', title: 'Maryland bridge', toothPrice: 80 })];
  const api = mockApi(
    {
      'GET /api/admin/designers': ({ url }) => {
        const status = url.searchParams.get('status');
        return { body: designers.filter((d) => status === 'all' || d.isVerified === (status === 'verified')) };
      },
      'PATCH /api/admin/users/designer-2': ({ body }) => {
        designers[0] = { ...designers[0]!, isVerified: (body as { isVerified: boolean }).isVerified };
        return { body: designers[0] };
      },
      'GET /api/admin/services': () => ({ body: services }),
      'PATCH /api/admin/services/svc-1': ({ body }) => {
        services[0] = { ...services[0]!, hidden: (body as { hidden: boolean }).hidden };
        return { status: 204 };
      },
      'GET /api/admin/tickets': {
        body: [
          {
            _id: 'ticket-1',
            name: 'Dr Samir',
            email: 'samir@example.com',
            subject: 'Refund for order 1042',
            message: 'The design never arrived.',
            status: 'open',
            createdAt: '2026-03-01T10:00:00.000Z',
          },
        ],
      },
      ...extra,
    },
    { user: admin },
  );
  return api;
}

const renderAdmin = () => renderWithProviders(<AdminPage />, { route: '/admin' });

describe('AdminPage', () => {
  it('shows a user who is not an administrator a message, and asks the server for nothing', async () => {
    const api = mockApi({}, { user: buildUser({ isDesigner: true }) });
    renderAdmin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can do this.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('verifies a pending designer, who then moves to the verified list, and unverifies them', async () => {
    const api = adminApi();
    const ui = renderAdmin();
    const row = (await screen.findByRole('link', { name: 'new.designer' })).closest('tr')!;
    expect(screen.queryByText('Only administrators can do this.')).not.toBeInTheDocument();
    expect(within(row).getByText('new@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(api.to('GET /api/admin/designers')[0]?.url.searchParams.get('status')).toBe('pending');

    await ui.user.click(screen.getByRole('button', { name: 'Verify new.designer' }));
    expect(await screen.findByText('No designers in this list.')).toBeInTheDocument();
    expect(api.to('PATCH /api/admin/users/designer-2')[0]?.body).toEqual({ isVerified: true });

    await ui.user.click(screen.getByRole('radio', { name: 'Verified' }));
    await ui.user.click(await screen.findByRole('button', { name: 'Unverify new.designer' }));
    await waitFor(() => expect(api.to('PATCH /api/admin/users/designer-2')).toHaveLength(2));
    expect(api.to('PATCH /api/admin/users/designer-2')[1]?.body).toEqual({ isVerified: false });
    expect(await screen.findByText('No designers in this list.')).toBeInTheDocument();
  });

  it('hides a service and shows it again', async () => {
    const api = adminApi();
    const ui = renderAdmin();
    await ui.user.click(await screen.findByRole('tab', { name: 'Services' }));
    const row = () => screen.getByRole('link', { name: 'Zirconia crown design' }).closest('tr')!;
    expect(await screen.findByRole('link', { name: 'Zirconia crown design' })).toHaveAttribute('href', '/services/svc-1');
    expect(within(row()).getByText('Visible')).toBeInTheDocument();
    expect(within(row()).getByText('$45.00')).toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: 'Hide Zirconia crown design' }));
    expect(await within(row()).findByText('Hidden')).toBeInTheDocument();
    expect(api.to('PATCH /api/admin/services/svc-1')[0]?.body).toEqual({ hidden: true });
    // The other service is untouched.
    expect(within(screen.getByRole('link', { name: 'Maryland bridge' }).closest('tr')!).getByText('Visible')).toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: 'Show Zirconia crown design' }));
    expect(await within(row()).findByText('Visible')).toBeInTheDocument();
    expect(api.to('PATCH /api/admin/services/svc-1')[1]?.body).toEqual({ hidden: false });
  });

  it('says so when a change is refused, and keeps the list as it was', async () => {
    adminApi({ 'PATCH /api/admin/services/svc-1': errorReply(500, '', 'INTERNAL') });
    const ui = renderAdmin();
    await ui.user.click(await screen.findByRole('tab', { name: 'Services' }));
    await ui.user.click(await screen.findByRole('button', { name: 'Hide Zirconia crown design' }));
    expect(await screen.findByText('The change could not be saved. Please try again.')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Zirconia crown design' }).closest('tr')!).getByText('Visible')).toBeInTheDocument();
  });

  it('reads a support ticket', async () => {
    adminApi();
    const ui = renderAdmin();
    await ui.user.click(await screen.findByRole('tab', { name: 'Support tickets' }));
    const ticket = await screen.findByRole('button', { name: /Refund for order 1042/ });
    expect(ticket).toHaveAttribute('aria-expanded', 'false');
    await ui.user.click(ticket);
    expect(ticket).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(ticket.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('The design never arrived.')).toBeInTheDocument();
    expect(within(panel).getByText('From Dr Samir (samir@example.com)')).toBeInTheDocument();
  });

  it('pays a bank payout with its reference and a Stripe payout by transfer, with nothing to type; a refused transfer keeps it requested', async () => {
    const payout = (id: string, method: 'bank' | 'stripe', byTransfer: boolean): AdminPayoutJson => ({
      _id: id,
      amount: 120,
      currency: 'USD',
      method,
      destination: method === 'bank' ? 'SA** **** 1234' : 'acct_…9XyZ',
      status: 'requested',
      reference: null,
      reason: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      decidedAt: null,
      designer: { _id: `designer-${id}`, username: `designer.${method}`, email: `${method}@example.com` },
      details: method === 'bank'
        ? { accountHolder: 'Dr Lina', iban: 'SA0380000000608010167519', bankName: 'Al Rajhi', stripeAccount: null, holdUntil: null }
        : { accountHolder: null, iban: null, bankName: null, stripeAccount: 'acct_1Nv0FGQ9RKHgCVdK', holdUntil: null },
      byTransfer,
    });
    // Bank details changed less than 72 hours ago (docs/decisions/0051).
    const held = payout('p-held', 'bank', false);
    held.designer = { _id: 'designer-held', username: 'designer.held', email: 'held@example.com' };
    held.details = { ...held.details!, holdUntil: '2026-11-30T14:00:00.000Z' };
    const payouts = [payout('p-bank', 'bank', false), payout('p-stripe', 'stripe', true), held];
    let refuseTransfer = true;
    const api = adminApi({
      'GET /api/admin/payouts': () => ({ body: payouts }),
      'POST /api/admin/payouts/p-bank/paid': () => {
        payouts[0] = { ...payouts[0]!, status: 'paid' };
        return { body: payouts[0] };
      },
      'POST /api/admin/payouts/p-stripe/paid': () => {
        if (refuseTransfer) return errorReply(409, 'Stripe refused the transfer: No such destination.', 'PAYOUT_TRANSFER_REFUSED');
        payouts[1] = { ...payouts[1]!, status: 'paid', reference: 'tr_123' };
        return { body: payouts[1] };
      },
    });
    const ui = renderAdmin();
    await ui.user.click(await screen.findByRole('tab', { name: 'Payouts' }));
    const table = await screen.findByTestId('admin-payouts');

    // Held details: not to be paid by hand before the hold is over (rejecting stays possible).
    const heldRow = within(table).getByText('designer.held').closest('tr')!;
    expect(within(heldRow).getByTestId('admin-payout-held')).toHaveTextContent(/^New payout details: not to be paid before Nov 30, 2026/);
    expect(within(heldRow).getByRole('button', { name: 'Mark paid' })).toBeDisabled();
    expect(within(heldRow).getByRole('button', { name: 'Reject' })).toBeEnabled();

    // A bank payout: the reference typed is sent with it.
    const bankRow = within(table).getByText('designer.bank').closest('tr')!;
    await ui.user.type(within(bankRow).getByRole('textbox', { name: 'Transfer reference, or reason to reject, for designer.bank' }), 'WIRE-889');
    await ui.user.click(within(bankRow).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Marked paid; the designer was told.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/api/admin/payouts/p-bank/paid')?.body).toEqual({ reference: 'WIRE-889' });

    // A Stripe payout: one button sends the Transfer, with no reference (the Transfer's id becomes it).
    const stripeRow = within(table).getByText('designer.stripe').closest('tr')!;
    expect(within(stripeRow).queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    await ui.user.click(within(stripeRow).getByRole('button', { name: 'Send by Stripe transfer' }));
    // Stripe refuses: the reason is shown and the payout stays requested, its buttons still there.
    expect(await within(stripeRow).findByText(/Stripe refused the transfer/)).toBeInTheDocument();
    expect(within(stripeRow).getByRole('button', { name: 'Send by Stripe transfer' })).toBeEnabled();

    refuseTransfer = false;
    await ui.user.click(within(stripeRow).getByRole('button', { name: 'Send by Stripe transfer' }));
    expect(await screen.findByText('Sent by Stripe transfer; the designer was told.')).toBeInTheDocument();
    const transfers = api.requests.filter((r) => r.path === '/api/admin/payouts/p-stripe/paid');
    expect(transfers.map((r) => r.body)).toEqual([{}, {}]);
  });

  it('says when a list cannot be loaded', async () => {
    adminApi({ 'GET /api/admin/designers': errorReply(500, '', 'INTERNAL') });
    renderAdmin();
    expect(await screen.findByRole('alert')).toHaveTextContent('This list could not be loaded. Please try again.');
  });
});
