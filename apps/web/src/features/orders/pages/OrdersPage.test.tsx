import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listReply } from '@/features/catalogue/test-data';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildOrder } from '../test-data';

const LONG = 'Full-arch implant bridge on four implants, screw retained';

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

describe('/orders', () => {
  it('shows a buyer the Seller column, titles cut at 30 characters, status, price and a Pay action', async () => {
    const pending = buildOrder({ _id: 'o-pending', status: 'pending_payment', paymentId: 'pay-9', title: 'Night guard', price: 60 });
    mockApi({ 'GET /api/orders': listReply([buildOrder({ _id: 'o-long', title: LONG }), pending]) }, { user: BUYER });
    renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Orders you placed' });
    expect(headers(table)).toEqual(['Image', 'Seller', 'Title', 'Price', 'Status', 'Contact']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('dr.designer')).toBeInTheDocument();
    const title = within(first!).getByRole('link', { name: 'Full-arch implant bridge on fo…' });
    expect(LONG.slice(0, 30)).toBe('Full-arch implant bridge on fo');
    expect(title).toHaveAttribute('href', '/orders/o-long');
    expect(title).toHaveAttribute('title', LONG);
    expect(within(first!).getByText('$90.00')).toBeInTheDocument();
    expect(within(first!).getByText('In progress')).toBeInTheDocument();
    // a short title is not cut
    expect(within(second!).getByRole('link', { name: 'Night guard' })).toBeInTheDocument();
    expect(within(second!).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Pay for Night guard' })).toHaveAttribute('href', '/pay/service/svc-1?payment=pay-9');
    expect(within(first!).queryByRole('link', { name: /^Pay for/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Your balance')).not.toBeInTheDocument();
  });

  it('shows a designer the Buyer column and the escrow and available balance', async () => {
    const api = mockApi(
      {
        'GET /api/orders': listReply([buildOrder({ isSeller: true, status: 'delivered' })]),
        'GET /api/orders/balance': { body: { escrow: 90, available: 364.5, currency: 'USD', feePercent: 10 } },
      },
      { user: DESIGNER },
    );
    renderApp('/orders');
    const table = await screen.findByRole('table', { name: 'Orders you received as a designer' });
    expect(headers(table)).toEqual(['Image', 'Buyer', 'Title', 'Price', 'Status', 'Contact']);
    expect(within(table).getByText('demo_buyer')).toBeInTheDocument();
    expect(within(table).getByText('Delivered')).toBeInTheDocument();
    expect(await screen.findByTestId('balance-escrow')).toHaveTextContent('$90.00');
    expect(screen.getByTestId('balance-available')).toHaveTextContent('$364.50');
    expect(screen.getByText('Completed orders, after the 10% platform fee.')).toBeInTheDocument();
    expect(api.to('GET /api/orders/balance')).toHaveLength(1);
  });

  it('gives a designer who also buys one table for each side', async () => {
    mockApi(
      {
        'GET /api/orders': listReply([buildOrder({ isSeller: true, title: 'Sold crown' }), buildOrder({ isSeller: false, title: 'Bought guide' })]),
        'GET /api/orders/balance': { body: { escrow: 0, available: 0, currency: 'USD', feePercent: 10 } },
      },
      { user: DESIGNER },
    );
    renderApp('/orders');
    const selling = await screen.findByRole('table', { name: 'Orders you received as a designer' });
    const buying = screen.getByRole('table', { name: 'Orders you placed' });
    expect(within(selling).getByText('Sold crown')).toBeInTheDocument();
    expect(headers(selling)[1]).toBe('Buyer');
    expect(within(buying).getByText('Bought guide')).toBeInTheDocument();
    expect(headers(buying)[1]).toBe('Seller');
  });

  it("says 'Something went wrong!' when the orders do not load, and retries", async () => {
    let calls = 0;
    mockApi({ 'GET /api/orders': () => (++calls === 1 ? errorReply(500, '', 'INTERNAL') : listReply([])) }, { user: BUYER });
    const { user } = renderApp('/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/gigs');
  });

  it('the Contact icon opens the conversation with the other party', async () => {
    const api = mockApi(
      {
        'GET /api/orders': listReply([buildOrder()]),
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
