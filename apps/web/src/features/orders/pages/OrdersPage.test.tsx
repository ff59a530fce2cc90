import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderJson } from '@cusp/shared';
import { listReply } from '@/features/catalogue/test-data';
import { errorReply, mockApi, type MockRequest } from '@/test/fetch-mock';
import { setLanguage } from '@/lib/i18n';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildOrder } from '../test-data';

const LONG = 'Full-arch implant bridge on four implants, screw retained';

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

/**
 * `GET /api/orders` as the server answers it (docs/product.md §3.6): the unpaid ones for `status=pending_payment`, the paid
 * ones otherwise (enough for these tests), one page of them with X-Total-Count.
 */
function ordersRoute(orders: OrderJson[], total?: number) {
  return ({ url }: MockRequest) => {
    const status = url.searchParams.get('status');
    const rows = status === 'pending_payment' ? orders.filter((o) => o.status === 'pending_payment') : orders.filter((o) => o.status !== 'pending_payment');
    const limit = Number(url.searchParams.get('limit') ?? 25);
    return listReply(rows.slice(0, limit), status === 'pending_payment' ? rows.length : (total ?? rows.length));
  };
}

describe('/orders', () => {
  it('shows number, service, the other party, units, price, status, due date and last activity; unpaid orders apart', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    const late = buildOrder({ _id: 'o-late', number: 'C-10002', title: 'Night guard', late: true, dueAt: '2026-01-02T10:00:00.000Z' });
    const pending = buildOrder({ _id: 'o-pending', number: 'C-10003', status: 'pending_payment', paymentId: 'pay-9', title: 'Splint', price: 60, dueAt: null });
    const api = mockApi(
      {
        'GET /api/orders': ordersRoute([buildOrder({ _id: 'o-long', number: 'C-10001', title: LONG, dueAt: soon }), late, pending]),
        'POST /api/orders/o-pending/cancel': { body: { ...pending, status: 'cancelled' } },
      },
      { user: BUYER },
    );
    const { user } = renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Active' });
    expect(headers(table)).toEqual(['Number', 'Service', 'With', 'Units', 'Price', 'Status', 'Due', 'Last activity', 'Contact']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'C-10001' })).toHaveAttribute('href', '/orders/o-long');
    expect(within(first!).getByText('Full-arch implant bridge on fo…')).toHaveAttribute('title', LONG);
    expect(within(first!).getByText('Seller')).toBeInTheDocument();
    expect(within(first!).getByText('dr.designer')).toBeInTheDocument();
    expect(within(first!).getByText('2 units')).toBeInTheDocument();
    expect(within(first!).getByText('11, 21')).toBeInTheDocument();
    expect(within(first!).getByText('$90.00')).toBeInTheDocument();
    expect(within(first!).getByText('In progress')).toBeInTheDocument();
    expect(within(first!).getByText('3 days left')).toBeInTheDocument();
    expect(within(second!).getByTestId('order-late')).toHaveTextContent('Late');
    // The unpaid order is not in the table but apart, with Pay now and Discard.
    expect(within(table).queryByText('C-10003')).not.toBeInTheDocument();
    const unpaid = screen.getByRole('region', { name: 'Awaiting payment' });
    expect(within(unpaid).getByRole('link', { name: 'Pay now for C-10003' })).toHaveAttribute('href', '/pay/service/svc-1?payment=pay-9');
    await user.click(within(unpaid).getByRole('button', { name: 'Discard C-10003' }));
    await user.click(await screen.findByRole('button', { name: 'Discard the order' }));
    await waitFor(() => expect(api.to('POST /api/orders/o-pending/cancel')).toHaveLength(1));
    expect(screen.queryByText('Your balance')).not.toBeInTheDocument();
  });

  it('filters by status, searches, sorts and pages through the server', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => buildOrder({ number: `C-${20000 + i}` }));
    const api = mockApi({ 'GET /api/orders': ordersRoute(rows, 45) }, { user: BUYER });
    const { user } = renderApp('/orders');
    await screen.findByRole('table', { name: 'Active' });
    expect(screen.getByTestId('orders-total')).toHaveTextContent('45 orders');
    const asked = () => api.to('GET /api/orders').map((r) => Object.fromEntries(r.url.searchParams));
    expect(asked()).toContainEqual({ status: 'active', sort: 'activity', limit: '20', offset: '0' });

    await user.click(screen.getByRole('radio', { name: 'Awaiting my action' }));
    await waitFor(() => expect(asked()).toContainEqual({ status: 'awaiting_me', sort: 'activity', limit: '20', offset: '0' }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(asked()).toContainEqual({ sort: 'activity', limit: '20', offset: '0' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'C-20003');
    await waitFor(() => expect(asked()).toContainEqual({ q: 'C-20003', sort: 'activity', limit: '20', offset: '0' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'due');
    await waitFor(() => expect(asked()).toContainEqual({ q: 'C-20003', sort: 'due', limit: '20', offset: '0' }));

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(asked()).toContainEqual({ q: 'C-20003', sort: 'due', limit: '20', offset: '40' }));
    expect(screen.getByTestId('location')).toHaveTextContent('page=3');
  });

  it('offers every status filter, Disputed among them, and asks the server for disputed orders', async () => {
    const disputed = buildOrder({ _id: 'o-disputed', number: 'C-30001', status: 'disputed' });
    const api = mockApi(
      {
        'GET /api/orders': ({ url }: MockRequest) =>
          url.searchParams.get('status') === 'disputed' ? listReply([disputed]) : ordersRoute([buildOrder({ number: 'C-30002' })])({ url } as MockRequest),
      },
      { user: BUYER },
    );
    const { user } = renderApp('/orders');
    await screen.findByRole('table', { name: 'Active' });
    const filters = within(screen.getByRole('radiogroup', { name: 'Show orders' })).getAllByRole('radio');
    expect(filters.map((radio) => (radio as HTMLInputElement).value)).toEqual(['active', 'awaiting_me', 'delivered', 'disputed', 'completed', 'cancelled', 'all']);
    await user.click(screen.getByRole('radio', { name: 'Disputed' }));
    const table = await screen.findByRole('table', { name: 'Disputed' });
    expect(within(table).getByRole('link', { name: 'C-30001' })).toHaveAttribute('href', '/orders/o-disputed');
    expect(api.to('GET /api/orders').map((r) => r.url.searchParams.get('status'))).toContain('disputed');
    expect(screen.getByTestId('location')).toHaveTextContent('status=disputed');
  });

  it('names the Disputed filter in Arabic', async () => {
    await setLanguage('ar', { persist: false });
    mockApi({ 'GET /api/orders': ordersRoute([buildOrder()]) }, { user: BUYER });
    renderApp('/orders?status=disputed');
    expect(await screen.findByRole('radio', { name: 'المتنازع عليها' })).toBeChecked();
  });

  it('shows a designer the Buyer and the escrow and available balance', async () => {
    const api = mockApi(
      {
        'GET /api/orders': ordersRoute([buildOrder({ isSeller: true, status: 'delivered' })]),
        'GET /api/orders/balance': { body: { escrow: 90, available: 364.5, currency: 'USD', feePercent: 10 } },
      },
      { user: DESIGNER },
    );
    renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Active' });
    expect(within(table).getByText('Buyer')).toBeInTheDocument();
    expect(within(table).getByText('demo_buyer')).toBeInTheDocument();
    expect(within(table).getByText('Delivered')).toBeInTheDocument();
    expect(await screen.findByTestId('balance-escrow')).toHaveTextContent('$90.00');
    expect(screen.getByTestId('balance-available')).toHaveTextContent('$364.50');
    expect(screen.getByText('Completed orders, after the 10% platform fee.')).toBeInTheDocument();
    expect(api.to('GET /api/orders/balance')).toHaveLength(1);
  });

  it("says 'Something went wrong!' when the orders do not load, and retries", async () => {
    let calls = 0;
    mockApi(
      {
        'GET /api/orders': ({ url }) => (url.searchParams.get('status') === 'active' && ++calls === 1 ? errorReply(500, '', 'INTERNAL') : listReply([buildOrder()])),
      },
      { user: BUYER },
    );
    const { user } = renderApp('/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Active' })).toBeInTheDocument();
  });

  it('a new user with no orders sees how to start', async () => {
    mockApi({ 'GET /api/orders': listReply([]) }, { user: BUYER });
    renderApp('/orders');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/gigs');
  });

  it('the Contact icon opens the conversation with the other party', async () => {
    const api = mockApi(
      {
        'GET /api/orders': ordersRoute([buildOrder()]),
        'POST /api/conversations': {
          status: 200,
          body: { _id: 'c1', conversationID: 'c1', sellerID: { _id: 'designer-1', username: 'dr.designer', image: null }, buyerID: { _id: 'buyer-1', username: 'demo_buyer', image: null }, lastMessage: null, readBySeller: true, readByBuyer: true, createdAt: '', updatedAt: '' },
        },
        'GET /api/conversations': { body: [] },
        'GET /api/messages/c1': { body: [] },
        'PATCH /api/conversations/c1': { status: 204 },
      },
      { user: BUYER },
    );
    const { user } = renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'Contact dr.designer' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message/c1'));
    expect(api.to('POST /api/conversations')[0]!.body).toEqual({ to: 'designer-1' });
  });

  it('asks a visitor to log in first', async () => {
    mockApi();
    renderApp('/orders');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forders'));
  });
});
