import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendAck } from '@cusp/shared';
import { errorReply, mockApi, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, CONVERSATIONS, DESIGNER, FakeSocket, buildMessage, deferred, fakeSocket } from '../test-utils';

vi.mock('@/lib/socket', async () => (await import('../test-utils')).socketModuleMock);

const HISTORY = [
  buildMessage({ _id: 'h1', userID: { _id: BUYER.id, username: BUYER.username }, description: 'Can you design a crown?', role: 'user' }),
  buildMessage({ _id: 'h2', description: 'Yes, send the scans.' }),
];

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/conversations': { body: CONVERSATIONS },
    'GET /api/conversations/unread-count': { body: { count: 1 } },
    'GET /api/messages/c1': { body: HISTORY },
    'GET /api/messages/c2': { body: [] },
    'PATCH /api/conversations/c1': { status: 204 },
    'PATCH /api/conversations/c2': { status: 204 },
    ...overrides,
  };
}

const log = () => screen.getByRole('log');
const textbox = () => screen.getByRole('textbox', { name: 'Message' });

beforeEach(() => {
  fakeSocket.current = new FakeSocket();
});

describe('MessagesPage', () => {
  it('lists the conversations with the counterpart and unread marker, and opens the first one', async () => {
    const api = mockApi(routes(), { user: BUYER });
    renderApp('/messages');
    const items = await screen.findAllByTestId('conversation-item');
    expect(items).toHaveLength(2);
    // A buyer sees the seller; the first is unread for the buyer (readByBuyer false), the second is not.
    expect(within(items[0]!).getByText('demo_designer')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(items[1]!).getByText('lina_haddad')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Unread')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message/c1'));
    expect(await within(await screen.findByRole('log')).findByText('Yes, send the scans.')).toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(api.to('PATCH /api/conversations/c1')).toHaveLength(1));
  });

  it('shows the buyer as the counterpart for the designer, and filters by name', async () => {
    mockApi(routes({ 'GET /api/messages/c1': { body: [] } }), { user: DESIGNER });
    const { user } = renderApp('/message/c1');
    const [item] = await screen.findAllByTestId('conversation-item');
    expect(within(item!).getByText('demo_buyer')).toBeInTheDocument();
    // readBySeller is true: not unread for the designer
    expect(within(item!).queryByText('Unread')).not.toBeInTheDocument();
    expect(await screen.findByText('No messages yet.', { selector: 'p' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'nobody');
    expect(screen.getByText('No conversation matches your search.')).toBeInTheDocument();
  });

  it('shows the empty state with a link to /gigs and asks to select a conversation', async () => {
    mockApi(routes({ 'GET /api/conversations': { body: [] } }), { user: BUYER });
    renderApp('/messages');
    expect(await screen.findByText('Start a conversation!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute('href', '/gigs');
    expect(screen.getByText('Select a conversation from the left to start chatting.')).toBeInTheDocument();
  });

  it('shows the list error with a Retry button that loads again', async () => {
    let calls = 0;
    mockApi(
      routes({
        'GET /api/conversations': () => (++calls === 1 ? errorReply(500, '', 'INTERNAL') : { body: CONVERSATIONS }),
      }),
      { user: BUYER },
    );
    const { user } = renderApp('/message/c2');
    expect(await screen.findByText('Failed to load conversations. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('conversation-item')).toHaveLength(2);
  });

  it('shows the messages error with Retry', async () => {
    let calls = 0;
    mockApi(
      routes({ 'GET /api/messages/c1': () => (++calls === 1 ? errorReply(500, '', 'INTERNAL') : { body: HISTORY }) }),
      { user: BUYER },
    );
    const { user } = renderApp('/message/c1');
    expect(await screen.findByText('Failed to load messages. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('log')).findByText('Yes, send the scans.')).toBeInTheDocument();
  });

  it('shows a sent message at once as pending, then confirmed by the ack', async () => {
    mockApi(routes(), { user: BUYER });
    const ack = deferred<SendAck>();
    fakeSocket.current!.ack = () => ack.promise;
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');

    await user.type(textbox(), '  Shade A2, please.  {Enter}');
    const [payload] = fakeSocket.current!.sent('message:send') as Array<{ clientId: string; description: string; conversationID: string }>;
    expect(payload).toMatchObject({ conversationID: 'c1', description: 'Shade A2, please.' });
    expect(payload!.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(within(log()).getByText('Shade A2, please.')).toBeInTheDocument();
    expect(within(log()).getByText('Sending…')).toBeInTheDocument();
    expect(textbox()).toHaveValue('');

    await act(async () => {
      ack.resolve({
        ok: true,
        message: buildMessage({ _id: 'stored-1', userID: { _id: BUYER.id, username: BUYER.username }, description: 'Shade A2, please.', clientId: payload!.clientId }),
      });
    });
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log()).getAllByText('Shade A2, please.')).toHaveLength(1);
    expect(within(log()).getAllByTestId('message')).toHaveLength(3);
  });

  it('restores the earlier list and says "Failed to send message." when sending fails', async () => {
    mockApi(routes(), { user: BUYER });
    fakeSocket.current!.ack = () => ({ ok: false, message: 'Failed to send message.' });
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');

    await user.type(textbox(), 'This will fail{Enter}');
    expect(await screen.findByText('Failed to send message.')).toBeInTheDocument();
    await waitFor(() => expect(within(log()).queryByText('This will fail')).not.toBeInTheDocument());
    expect(within(log()).getAllByTestId('message')).toHaveLength(2);
    // the text comes back to the box for a retry, which keeps the same clientId
    expect(textbox()).toHaveValue('This will fail');
    await user.type(textbox(), '{Enter}');
    const sent = fakeSocket.current!.sent('message:send') as Array<{ clientId: string }>;
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientId).toBe(sent[0]!.clientId);
  });

  it('sends through POST /api/messages when the socket is not connected', async () => {
    const api = mockApi(
      routes({
        'POST /api/messages': ({ body }) => ({
          status: 201,
          body: buildMessage({ _id: 'rest-1', userID: { _id: BUYER.id, username: BUYER.username }, ...(body as object) }),
        }),
      }),
      { user: BUYER },
    );
    fakeSocket.current!.connected = false;
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');
    await user.type(textbox(), 'Over REST{Enter}');
    await waitFor(() => expect(api.to('POST /api/messages')).toHaveLength(1));
    expect(api.to('POST /api/messages')[0]!.body).toMatchObject({ conversationID: 'c1', description: 'Over REST', attachments: [] });
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log()).getByText('Over REST')).toBeInTheDocument();
  });

  it('refuses blank messages and 500 characters or more', async () => {
    mockApi(routes(), { user: BUYER });
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');
    const send = screen.getByRole('button', { name: 'Send' });

    await user.type(textbox(), '   {Enter}');
    expect(send).toBeDisabled();

    fireEvent.change(textbox(), { target: { value: 'a'.repeat(499) } });
    expect(send).toBeEnabled();
    expect(screen.getByText('499 of 499 characters')).toBeInTheDocument();

    fireEvent.change(textbox(), { target: { value: 'a'.repeat(500) } });
    expect(screen.getByRole('alert')).toHaveTextContent('A message must be fewer than 500 characters.');
    expect(send).toBeDisabled();
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(fakeSocket.current!.sent('message:send')).toHaveLength(0);
  });

  it('does not show an incoming message twice (same _id, or the pending one with the same clientId)', async () => {
    mockApi(routes(), { user: BUYER });
    const ack = deferred<SendAck>();
    fakeSocket.current!.ack = () => ack.promise;
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');

    const incoming = buildMessage({ _id: 'in-1', description: 'New from the designer' });
    act(() => fakeSocket.current!.receive('message:received', incoming));
    act(() => fakeSocket.current!.receive('message:received', incoming));
    expect(await within(log()).findAllByText('New from the designer')).toHaveLength(1);

    await user.type(textbox(), 'Mine{Enter}');
    const [payload] = fakeSocket.current!.sent('message:send') as Array<{ clientId: string }>;
    const stored = buildMessage({ _id: 'mine-1', userID: { _id: BUYER.id, username: BUYER.username }, description: 'Mine', clientId: payload!.clientId });
    // the broadcast to the sending socket arrives before the ack
    act(() => fakeSocket.current!.receive('message:received', stored));
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log()).getAllByText('Mine')).toHaveLength(1);
    await act(async () => ack.resolve({ ok: true, message: stored }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(within(log()).getAllByText('Mine')).toHaveLength(1);
    expect(within(log()).getAllByTestId('message')).toHaveLength(4);
  });

  it('shows the typing indicator while the other side types, and emits its own typing', async () => {
    mockApi(routes(), { user: BUYER });
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');
    act(() => fakeSocket.current!.receive('typing', { conversationID: 'c1', userID: DESIGNER.id, isTyping: true }));
    expect(screen.getByText('demo_designer is typing…')).toBeInTheDocument();
    act(() => fakeSocket.current!.receive('typing', { conversationID: 'c1', userID: DESIGNER.id, isTyping: false }));
    expect(screen.queryByText('demo_designer is typing…')).not.toBeInTheDocument();

    await user.type(textbox(), 'Hi');
    expect(fakeSocket.current!.sent('typing')).toEqual([{ conversationID: 'c1', isTyping: true }]);
  });

  it('fetches what it missed after a reconnect and merges it without duplicates', async () => {
    const missed = buildMessage({ _id: 'late-1', description: 'Sent while you were offline' });
    const api = mockApi(
      routes({
        'GET /api/messages/c1': ({ url }) => ({ body: url.searchParams.get('after') === 'h2' ? [HISTORY[1], missed] : HISTORY }),
      }),
      { user: BUYER },
    );
    renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('Yes, send the scans.');
    act(() => fakeSocket.current!.receive('connect' as never, undefined as never));
    expect(await within(log()).findByText('Sent while you were offline')).toBeInTheDocument();
    expect(api.to('GET /api/messages/c1').map((r) => r.url.searchParams.get('after'))).toContain('h2');
    expect(within(log()).getAllByTestId('message')).toHaveLength(3);
  });

  it('shows the unread count in the navbar and refetches it on real-time events', async () => {
    let count = 2;
    mockApi(routes({ 'GET /api/conversations/unread-count': () => ({ body: { count } }) }), { user: BUYER });
    renderApp('/about');
    expect(await screen.findByRole('img', { name: '2 unread conversations' })).toHaveTextContent('2');
    count = 3;
    act(() => fakeSocket.current!.receive('message:received', buildMessage({ conversationID: 'c9' })));
    expect(await screen.findByRole('img', { name: '3 unread conversations' })).toBeInTheDocument();
    count = 0;
    act(() => fakeSocket.current!.receive('conversation:read', { conversationID: 'c9', userID: BUYER.id }));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
  });
});
