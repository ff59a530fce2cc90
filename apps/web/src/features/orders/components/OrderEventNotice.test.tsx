import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { loadPageStrings, setLanguage } from '@/lib/i18n';
import { renderApp, renderWithProviders } from '@/test/render';
import { ORDER_EVENT_TYPES } from '@cusp/shared';
import { OrderEventNotice } from './OrderEventNotice';
import { BUYER, CONVERSATIONS, FakeSocket, buildConversation, buildMessage, fakeSocket } from '@/features/messages/test-utils';

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
        buildMessage({ _id: 'sys-1', description: 'The design for Crown 36 was delivered.', event: { orderId: 'order-42', type: 'delivered', params: { title: 'Crown 36' } } }),
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
    // the event's sentence, which names the order, is under the headline
    expect(within(notice).getByText('The design for \u2068Crown 36\u2069 was delivered.')).toBeInTheDocument();
  });

  it('shows an event arriving live, and the server’s summary for an unknown event type', async () => {
    mockApi(routes([]), { user: BUYER });
    renderApp('/message/c1');
    await screen.findByText('No messages yet.', { selector: 'p' });
    act(() =>
      fakeSocket.current!.receive(
        'message:received',
        buildMessage({ _id: 'sys-2', description: 'Something new happened to order #7.', event: { orderId: 'order-7', type: 'escalated', params: { title: 'Crown' } } }),
      ),
    );
    const notice = await screen.findByTestId('order-event');
    expect(notice).toHaveTextContent('Something new happened to order #7.');
    expect(within(notice).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/order-7');
  });

  it('previews a conversation whose newest message is an event by that event, in the reader’s language', async () => {
    const lastEvent = { orderId: 'o-3', type: 'disputed', params: { title: 'Crown 36' } };
    mockApi({ ...routes([]), 'GET /api/conversations': { body: [buildConversation({ lastMessage: 'A dispute was opened on Crown 36. An administrator will decide.', lastEvent })] } }, { user: BUYER });
    await setLanguage('ar', { persist: false });
    try {
      renderApp('/messages');
      const item = await screen.findByTestId('conversation-item');
      await waitFor(() => expect(item).toHaveTextContent('فُتح نزاع على \u2068Crown 36\u2069. سيقرر أحد المشرفين.'));
      expect(item).not.toHaveTextContent('A dispute was opened');
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('says every kind of event in the reader’s language from its parameters, with no English left', async () => {
    await setLanguage('ar', { persist: false });
    try {
      await loadPageStrings();
      const { unmount } = renderWithProviders(
        <OrderEventNotice
          event={{ orderId: 'o-1', type: 'paid', params: { title: 'Zirconia crown', quantity: 2, amount: 90, currency: 'USD' } }}
          summary="New order paid: Zirconia crown × 2 ($90.00)."
          when="now"
        />,
      );
      const notice = screen.getByTestId('order-event');
      expect(notice).toHaveTextContent('تم استلام الدفعة وحفظها في الضمان');
      // The body is Arabic too, with the order's title and amount kept whole (isolated) inside it.
      expect(within(notice).getByText(/^طلب جديد مدفوع: \u2068Zirconia crown\u2069 × 2 \(\u2068.*90\.00.*\u2069\)\.$/u)).toBeInTheDocument();
      unmount();

      // Disputes, refunds, cancellations...: every kind, not only the first few (docs/decisions/0059).
      for (const type of ORDER_EVENT_TYPES) {
        const params = { title: 'TITLE', quantity: 1, amount: 5, currency: 'USD', days: 3 };
        const view = renderWithProviders(<OrderEventNotice event={{ orderId: 'o', type, params }} summary="ENGLISH SUMMARY" when="" />);
        const text = (screen.getByTestId('order-event').textContent ?? '').replace(/TITLE|US\$|USD|\$/gu, '');
        expect(text, type).not.toMatch(/[A-Za-z]/u);
        view.unmount();
      }
    } finally {
      await setLanguage('en', { persist: false });
    }
  });
});
