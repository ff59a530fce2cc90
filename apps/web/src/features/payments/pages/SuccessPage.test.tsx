import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@cusp/shared';
import { buildOrder, BUYER } from '@/features/orders/test-data';
import { errorReply, mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { SuccessPage } from './SuccessPage';


/** Runs what is due now (answers, React updates) without moving the clock on. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
};

afterEach(() => vi.useRealTimers());

describe('/success', () => {
  it('confirms the order with PATCH /api/orders and opens the order just paid for', async () => {
    vi.useFakeTimers();
    const order = buildOrder({ status: 'in_progress' });
    const api = mockApi({ 'PATCH /api/orders': { body: order } }, { user: BUYER });
    renderWithProviders(<SuccessPage />, { route: '/success?payment_intent=pay-1', path: '/success' });
    await settle();

    expect(api.to('PATCH /api/orders').map((r) => r.body)).toEqual([{ payment_intent: 'pay-1' }]);
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/orders/${order._id}$`));
    expect(api.to('PATCH /api/orders')).toHaveLength(1);
  });

  it('says plainly when the payment cannot be verified (422), and does not move on', async () => {
    vi.useFakeTimers();
    let verified = false;
    const api = mockApi(
      {
        'PATCH /api/orders': () =>
          verified ? { body: buildOrder() } : errorReply(422, ORDER_MESSAGES.paymentNotVerified, 'PAYMENT_NOT_VERIFIED'),
      },
      { user: BUYER },
    );
    renderWithProviders(<SuccessPage />, { route: '/success?payment_intent=pay-x', path: '/success' });
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.paymentNotVerified);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTestId('location')).toHaveTextContent('/success?payment_intent=pay-x');
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toHaveAttribute('href', '/orders');

    // Trying again (repeating a confirmation is harmless on the server).
    verified = true;
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await settle();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/order-\d+$/);
    expect(api.to('PATCH /api/orders')).toHaveLength(2);
  });

  it('without payment_intent, calls nothing and says the payment could not be verified', async () => {
    const api = mockApi({}, { user: BUYER });
    renderWithProviders(<SuccessPage />, { route: '/success', path: '/success' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.paymentNotVerified);
    expect(api.to('PATCH /api/orders')).toHaveLength(0);
  });
});
