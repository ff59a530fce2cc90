import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { loadPageStrings, setLanguage } from '@/lib/i18n';
import { renderApp, renderWithProviders } from '@/test/render';
import { OrderEventNotice } from './OrderEventNotice';
import { BUYER, CONVERSATIONS, FakeSocket, buildMessage, fakeSocket } from '@/features/messages/test-utils';

vi.mock('@/lib/socket', async () => (await import('@/features/messages/test-utils')).socketModuleMock);

const routes = (history: ReturnType<typeof buildMessage>[]) => ({
  'GET /api/conversations': { body: CONVERSATIONS },
  'GET /api/conversations/unread-count': { body: { count: 0 } },
  'GET /api/messages/c1': { body: history },
  'PATCH /api/conversations/c1': { status: 204 },
});

beforeEach(() => {
  fakeSocket.current = new FakeSocket();
});

describe('order events in the conversation', () => {
  it('shows a system message as a centred notice linking to the order, not as a bubble', async () => {
    mockApi(
      routes([
        buildMessage({ _id: 'h1', description: 'Hello, the scans are attached.' }),
        buildMessage({ _id: 'sys-1', description: 'Order #1 was delivered.', event: { orderId: 'order-42', type: 'delivered' } }),
      ]),
      { user: BUYER },
    );
    renderApp('/message/c1');
    const log = await screen.findByRole('log');
    const notice = await within(log).findByTestId('order-event');
    expect(notice).toHaveTextContent('Design delivered');
    expect(within(notice).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/order-42');
    // the notice is not one of the chat bubbles
    expect(within(log).getAllByTestId('message')).toHaveLength(1);
    // the server's summary, which names the order, is under the headline
    expect(within(notice).getByText('Order #1 was delivered.')).toBeInTheDocument();
  });

  it('shows an event arriving live, and the server’s summary for an unknown event type', async () => {
    mockApi(routes([]), { user: BUYER });
    renderApp('/message/c1');
    await screen.findByText('No messages yet.', { selector: 'p' });
    act(() =>
      fakeSocket.current!.receive(
        'message:received',
        buildMessage({ _id: 'sys-2', description: 'Something new happened to order #7.', event: { orderId: 'order-7', type: 'escalated' } }),
      ),
    );
    const notice = await screen.findByTestId('order-event');
    expect(notice).toHaveTextContent('Something new happened to order #7.');
    expect(within(notice).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/order-7');
  });

  it('says the server’s English summary in the reader’s language, from its parts', async () => {
    await setLanguage('ar', { persist: false });
    try {
      await loadPageStrings();
      const { unmount } = renderWithProviders(
        <OrderEventNotice
          event={{ orderId: 'o-1', type: 'paid' }}
          summary="New order paid: Zirconia crown × 2 ($90.00)."
          when="now"
        />,
      );
      const notice = screen.getByTestId('order-event');
      expect(notice).toHaveTextContent('تم استلام الدفعة وحفظها في الضمان');
      // The body is Arabic too, with the order's title and amount kept whole (isolated) inside it.
      expect(within(notice).getByText('طلب جديد مدفوع: \u2068Zirconia crown\u2069 × 2 (\u2068$90.00\u2069).')).toBeInTheDocument();
      expect(notice).not.toHaveTextContent('New order paid');
      unmount();

      // A summary that does not read as its event's sentence is shown as sent.
      renderWithProviders(<OrderEventNotice event={{ orderId: 'o-2', type: 'cancelled' }} summary="Cancelled by support: duplicate." when="now" />);
      expect(screen.getByText('Cancelled by support: duplicate.')).toBeInTheDocument();
    } finally {
      await setLanguage('en', { persist: false });
    }
  });
});
