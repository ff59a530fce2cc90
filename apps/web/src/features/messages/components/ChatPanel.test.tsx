import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageJson, SendAck } from '@cusp/shared';
import { errorReply, mockApi, type MockReply, type MockRequest, type MockRoutes } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { BUYER, CONVERSATIONS, FakeSocket, buildMessage, deferred, fakeSocket } from '../test-utils';

vi.mock('@/lib/socket', async () => (await import('../test-utils')).socketModuleMock);

/** History paging in the chat: the latest page first, then earlier pages on demand (GET ?before=). */

const message = (i: number) => buildMessage({ _id: `h${i}`, clientId: `history${i}`, description: `History ${i}` });

/** The server's GET /api/messages/c1 over `stored` (oldest first): latest, `after` and `before` pages. */
function conversation(stored: MessageJson[]) {
  return ({ url }: MockRequest): MockReply => {
    const limit = Number(url.searchParams.get('limit') ?? 200);
    const after = url.searchParams.get('after');
    const before = url.searchParams.get('before');
    if (after) return { body: stored.slice(stored.findIndex((m) => m._id === after) + 1).slice(0, limit) };
    const end = before ? stored.findIndex((m) => m._id === before) : stored.length;
    return { body: stored.slice(Math.max(0, end - limit), end) };
  };
}

function routes(overrides: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/conversations': { body: CONVERSATIONS },
    'GET /api/conversations/unread-count': { body: { count: 0 } },
    'PATCH /api/conversations/c1': { status: 204 },
    ...overrides,
  };
}

const log = () => screen.getByRole('log');
const shown = () => within(log()).getAllByTestId('message').map((bubble) => bubble.firstElementChild?.nextElementSibling?.textContent);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `History ${from + i}`);
const loadButton = () => within(log()).getByRole('button', { name: 'Load earlier messages' });
const historyRequests = (api: ReturnType<typeof mockApi>) =>
  api.to('GET /api/messages/c1').map((r) => Object.fromEntries(r.url.searchParams.entries()));

beforeEach(() => {
  fakeSocket.current = new FakeSocket();
});

describe('ChatPanel history', () => {
  it('opens on the latest 50 and loads earlier pages in front, every message once, until the beginning', async () => {
    const all = Array.from({ length: 120 }, (_, i) => message(i + 1));
    const api = mockApi(routes({ 'GET /api/messages/c1': conversation(all) }), { user: BUYER });
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('History 120');
    expect(shown()).toEqual(range(71, 120));
    expect(historyRequests(api)).toEqual([{ limit: '50' }]);

    await user.click(loadButton());
    await waitFor(() => expect(shown()).toEqual(range(21, 120)));
    expect(historyRequests(api)[1]).toEqual({ before: 'h71', limit: '50' });
    expect(within(log()).queryByText('Beginning of the conversation')).not.toBeInTheDocument();
    expect(screen.getByText('Earlier messages loaded.')).toBeInTheDocument();

    // The last page is short: the whole conversation is there, the button gives way (and its focus to the log).
    expect(loadButton()).toHaveFocus();
    await user.click(loadButton());
    await waitFor(() => expect(shown()).toEqual(range(1, 120)));
    expect(historyRequests(api)[2]).toEqual({ before: 'h21', limit: '50' });
    expect(within(log()).getByText('Beginning of the conversation')).toBeInTheDocument();
    expect(within(log()).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    expect(log()).toHaveFocus();
  });

  it('shows no button when the first page is not full, only where the conversation began', async () => {
    const api = mockApi(routes({ 'GET /api/messages/c1': conversation([message(1), message(2)]) }), { user: BUYER });
    renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('History 2');
    expect(within(log()).getByText('Beginning of the conversation')).toBeInTheDocument();
    expect(within(log()).queryByRole('button')).not.toBeInTheDocument();
    expect(historyRequests(api)).toHaveLength(1);
  });

  it('says so when an earlier page fails, and Retry loads it', async () => {
    const all = Array.from({ length: 60 }, (_, i) => message(i + 1));
    const serve = conversation(all);
    let failures = 1;
    const api = mockApi(
      routes({
        'GET /api/messages/c1': (request) =>
          request.url.searchParams.has('before') && failures-- > 0 ? errorReply(500, '', 'INTERNAL') : serve(request),
      }),
      { user: BUYER },
    );
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('History 60');

    await user.click(loadButton());
    expect(await within(log()).findByRole('alert')).toHaveTextContent('Failed to load earlier messages.');
    expect(shown()).toEqual(range(11, 60));
    const retry = within(log()).getByRole('button', { name: 'Retry' });
    expect(retry).toHaveFocus();

    await user.click(retry);
    await waitFor(() => expect(shown()).toEqual(range(1, 60)));
    expect(within(log()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(log()).getByText('Beginning of the conversation')).toBeInTheDocument();
    expect(historyRequests(api).filter((q) => q.before)).toEqual([
      { before: 'h11', limit: '50' },
      { before: 'h11', limit: '50' },
    ]);
  });

  it('keeps live, pending and caught-up messages in order, each once, around an earlier page', async () => {
    const all = Array.from({ length: 80 }, (_, i) => message(i + 1));
    const serve = conversation(all);
    const earlier = deferred<MockReply>();
    const catchUp = deferred<MockReply>();
    const api = mockApi(
      routes({
        'GET /api/messages/c1': (request) =>
          request.url.searchParams.has('before') ? earlier.promise : request.url.searchParams.has('after') ? catchUp.promise : serve(request),
      }),
      { user: BUYER },
    );
    const ack = deferred<SendAck>();
    fakeSocket.current!.ack = () => ack.promise;
    const { user } = renderApp('/message/c1');
    await within(await screen.findByRole('log')).findByText('History 80');
    expect(shown()).toEqual(range(31, 80));

    await user.click(loadButton());
    // Quiet for screen readers while the page comes in: older messages are not news.
    expect(log()).toHaveAttribute('aria-live', 'off');
    expect(screen.getByText('Loading earlier messages…')).toBeInTheDocument();

    // While the earlier page is on its way: one of our own (pending), then a reconnect. History 81 was
    // missed while offline; History 82 comes live while the catch-up is on its way.
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Mine{Enter}');
    const [payload] = fakeSocket.current!.sent('message:send') as Array<{ clientId: string }>;
    all.push(message(81), message(82));
    act(() => fakeSocket.current!.receive('connect' as never, undefined as never));
    await waitFor(() => expect(historyRequests(api).at(-1)).toEqual({ after: 'h80', limit: '200' }));
    act(() => fakeSocket.current!.receive('message:received', all[81]!));
    await within(log()).findByText('History 82');
    await act(async () => catchUp.resolve({ body: all.slice(80) }));
    await waitFor(() => expect(shown()).toEqual([...range(31, 82), 'Mine']));

    await act(async () => earlier.resolve({ body: all.slice(0, 30) }));
    await waitFor(() => expect(shown()).toEqual([...range(1, 82), 'Mine']));
    expect(within(log()).getByText('Sending…')).toBeInTheDocument();

    const mine = buildMessage({ _id: 'h83', userID: { _id: BUYER.id, username: BUYER.username }, description: 'Mine', clientId: payload!.clientId });
    act(() => fakeSocket.current!.receive('message:received', mine));
    await act(async () => ack.resolve({ ok: true, message: mine }));
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    expect(shown()).toEqual([...range(1, 82), 'Mine']);
    expect(within(log()).getByText('Beginning of the conversation')).toBeInTheDocument();
    await waitFor(() => expect(log()).toHaveAttribute('aria-live', 'polite'));
  });
});
