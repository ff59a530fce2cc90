import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type OrderDetailJson } from '@cusp/shared';
import { FakeXhr } from '@/features/files/test-utils';
import { mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, DESIGNER, buildOrderDetail } from '../test-data';

function render(order: OrderDetailJson, routes: MockRoutes = {}) {
  const api = mockApi({ [`GET /api/orders/${order._id}`]: { body: order }, ...routes }, { user: order.isSeller ? DESIGNER : BUYER });
  return { api, ...renderApp(`/orders/${order._id}`) };
}

beforeEach(() => FakeXhr.install());

describe('disputes and partial refunds on the order page', () => {
  it('the buyer opens a dispute: a reason and a statement are required, then both are sent', async () => {
    const order = buildOrderDetail({ _id: 'd1', status: 'delivered', actions: ['accept', 'dispute'] });
    const disputed = { ...order, status: 'disputed' as const, actions: [], dispute: { reason: 'poor_fit' as const, statement: 'The margins are open on 11.', response: null, respondedAt: null, status: 'open' as const, outcome: null, buyerAmount: null, designerAmount: null, fee: null, resolvedAt: null, createdAt: '2026-03-02T10:00:00.000Z' } };
    const { api } = render(order, { 'POST /api/orders/d1/dispute': { status: 201, body: disputed } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open a dispute' }, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the dispute' }));
    expect(await screen.findByText('Please choose a reason.')).toBeInTheDocument();
    expect(screen.getByText('Please write a statement (at least 10 characters).')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Poor fit' }));
    fireEvent.change(screen.getByLabelText(/Your statement/), { target: { value: 'The margins are open on 11.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the dispute' }));
    expect(await screen.findByRole('heading', { name: 'Dispute in progress' })).toBeInTheDocument();
    const sent = api.requests.find((r) => r.method === 'POST' && r.path.endsWith('/dispute'));
    expect(sent?.body).toEqual({ reason: 'poor_fit', statement: 'The margins are open on 11.', files: [] });
  });

  it('shows the buyer the open offer with accept and decline, and the outcome once resolved', async () => {
    const order = buildOrderDetail({ _id: 'd2', status: 'delivered', actions: ['accept', 'acceptRefund', 'declineRefund'], refundOffer: { amount: 20, note: 'For the contacts.' } });
    render(order);
    const offer = await screen.findByRole('region', { name: 'The designer offers to refund $20.00' }, { timeout: 15_000 });
    expect(within(offer).getByText('For the contacts.')).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Accept the refund' })).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('shows both statements and the split to both parties', async () => {
    const order = buildOrderDetail({
      _id: 'd3',
      status: 'completed',
      isSeller: true,
      actions: [],
      dispute: { reason: 'late', statement: 'Two days late.', response: 'The scan arrived late.', respondedAt: null, status: 'resolved', outcome: 'split', buyerAmount: 30, designerAmount: 60, fee: 6, resolvedAt: null, createdAt: '2026-03-02T10:00:00.000Z' },
    });
    render(order);
    expect(await screen.findByTestId('dispute-outcome', {}, { timeout: 15_000 })).toHaveTextContent('Split: $30.00 refunded to the buyer, $60.00 to the designer (platform fee $6.00).');
    expect(screen.getByText('The scan arrived late.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Delivered late')).toBeInTheDocument());
  });
});
