import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationJson } from '@cusp/shared';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { BUYER, FakeSocket, fakeSocket } from '@/features/messages/test-utils';
import { NotificationBell } from './NotificationBell';

vi.mock('@/lib/socket', async () => (await import('@/features/messages/test-utils')).socketModuleMock);

const paid: NotificationJson = {
  _id: 'n1',
  kind: 'order_paid',
  params: { title: 'Zirconia crown', name: 'dr_sara' },
  link: '/orders/o1',
  read: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
};

beforeEach(() => {
  fakeSocket.current = new FakeSocket();
});

describe('NotificationBell', () => {
  it('shows the unread count in its label, updates live from the socket, and marks all read from the panel', async () => {
    let unread = 1;
    const api = mockApi(
      {
        'GET /api/notifications/unread-count': () => ({ body: { count: unread } }),
        'GET /api/notifications': () => ({ body: { items: unread ? [paid] : [{ ...paid, read: true }], hasMore: false } }),
        'POST /api/notifications/read': () => {
          unread = 0;
          return { body: { updated: 1, count: 0 } };
        },
      },
      { user: BUYER },
    );
    const { user } = renderWithProviders(<NotificationBell />, { route: '/' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');

    // A new notification arrives over the socket: the count follows and the live region reads it out.
    act(() => {
      fakeSocket.current!.receive('notification:new', {
        notification: { ...paid, _id: 'n2', kind: 'message_received', params: { name: 'lina', preview: 'Scans attached' }, link: '/message/c1' },
        unread: 2,
      });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBe(bell);
    expect(screen.getByTestId('notification-announcement')).toHaveTextContent('New notification: lina: Scans attached');

    // The panel, by keyboard: opens, lists, marks all read.
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('dr_sara ordered and paid for “Zirconia crown”.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Zirconia crown/ })).toHaveAttribute('href', '/orders/o1');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/notifications/read')).toBe(true));
    expect(api.requests.find((r) => r.method === 'POST')!.body).toEqual({ all: true });
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBe(bell);
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();

    // Read in another tab: the count event sets it.
    act(() => fakeSocket.current!.receive('notification:count', { count: 3 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBe(bell);
  });
});
