import { useEffect, useRef } from 'react';
import type { ConversationJson, MessageJson, SendAck, ServerToClientEvents } from '@cusp/shared';
import { buildUser } from '@/test/factories';
import { fromWire } from '@/lib/wire';

/**
 * A stand-in for the Socket.IO client: records what the page emits, answers message:send with
 * `ack`, and lets a test play server events with `receive`.
 */
export class FakeSocket {
  connected = true;
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  ack: (payload: { clientId: string; description: string; conversationID: string }) => SendAck | Promise<SendAck> = () => ({
    ok: false,
    message: 'No ack configured.',
  });
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();

  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
    return this;
  }

  timeout() {
    return {
      emitWithAck: async (event: string, payload: { clientId: string; description: string; conversationID: string }) => {
        this.emitted.push({ event, payload });
        return this.ack(payload);
      },
    };
  }

  /** The server sends `event` to this client. */
  receive<E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  sent(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}

export const fakeSocket: { current: FakeSocket | null } = { current: null };

/** Replaces '@/lib/socket' (vi.mock) with hooks bound to `fakeSocket.current`. */
export const socketModuleMock = {
  connectSocket: () => {},
  disconnectSocket: () => {},
  getSocket: () => fakeSocket.current,
  useSocket: () => fakeSocket.current,
  useSocketLifecycle: () => {},
  useSocketEvent: (event: string, handler: (...args: unknown[]) => void) => {
    const latest = useRef(handler);
    useEffect(() => {
      latest.current = handler;
    });
    useEffect(() => {
      const socket = fakeSocket.current;
      if (!socket) return;
      // Like the real hook: the server's event, in the domain's names (lib/wire.ts).
      const listener = (payload?: unknown) => latest.current(fromWire(payload));
      socket.on(event, listener);
      return () => void socket.off(event, listener);
    }, [event]);
  },
  useSocketConnect: (handler: () => void) => socketModuleMock.useSocketEvent('connect', handler),
};

export const BUYER = buildUser({ id: 'buyer-1', username: 'demo_buyer' });
export const DESIGNER = buildUser({ id: 'designer-1', username: 'demo_designer', isDesigner: true, isSeller: true });
const LINA = { _id: 'designer-2', username: 'lina_haddad', image: null };

export function buildConversation(overrides: Partial<ConversationJson> = {}): ConversationJson {
  return {
    _id: 'c1',
    conversationID: 'c1',
    sellerID: { _id: DESIGNER.id, username: DESIGNER.username, image: null },
    buyerID: { _id: BUYER.id, username: BUYER.username, image: null },
    lastMessage: 'Received, thanks.',
    lastEvent: null,
    readBySeller: true,
    readByBuyer: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export const CONVERSATIONS: ConversationJson[] = [
  buildConversation(),
  buildConversation({ _id: 'c2', conversationID: 'c2', sellerID: LINA, lastMessage: 'Which position?', readByBuyer: true }),
];

let seq = 0;
export function buildMessage(overrides: Partial<MessageJson> = {}): MessageJson {
  seq += 1;
  return {
    _id: `m${seq}`,
    conversationID: 'c1',
    userID: { _id: DESIGNER.id, username: DESIGNER.username },
    description: `Message ${seq}`,
    clientId: `client${seq}xyz`,
    event: null,
    attachments: [],
    role: 'designer',
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
