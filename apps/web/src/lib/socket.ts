import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@cusp/shared';
import { fromWire, type Domain } from './wire';

/** The real-time channel (docs/product.md §15.4: Socket.IO on the product's own origin, path /socket.io). */
export type CuspSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** docs/product.md §9.2: reconnection on, unlimited attempts, 1000 ms growing to 5000 ms, jitter 0.5, 20 s timeout. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  // A WebSocket at once, rather than HTTP long-polling first and an upgrade: one handshake instead of
  // several polling round trips, each a task on a phone's main thread while the page loads (decision
  // 0019). Where WebSockets are blocked, it falls back to polling.
  transports: ['websocket', 'polling'] as Array<'websocket' | 'polling'>,
  tryAllTransports: true,
} as const;

/**
 * Unit tests (jsdom) have no server to talk to: the channel stays closed there, and the messages
 * tests replace this module with a stub.
 */
const ENABLED = import.meta.env.MODE !== 'test';

let socket: CuspSocket | null = null;
let owner: string | null = null;
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: CuspSocket | null) {
  socket = next;
  for (const listener of listeners) listener();
}

/**
 * `<html data-socket="ready">` while the socket is connected (the server has then put it in its user's and session's
 * rooms, so events for it arrive), `down` while it is reconnecting, absent without one: what end-to-end tests wait
 * on instead of time.
 */
function markSocket(state: 'ready' | 'down' | null) {
  if (state) document.documentElement.dataset.socket = state;
  else delete document.documentElement.dataset.socket;
}

/** Opens one socket for `userId` (the session cookie authenticates it); a different user replaces it. */
export function connectSocket(userId: string): void {
  if (!ENABLED || owner === userId) return;
  disconnectSocket();
  owner = userId;
  const mine = ++generation;
  // socket.io-client loads with the first logged-in page, not with every visitor's page.
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return; // logged out (or switched user) meanwhile
    const next = io(SOCKET_OPTIONS) as CuspSocket;
    next.on('connect', () => markSocket('ready'));
    next.on('disconnect', () => markSocket('down'));
    publish(next);
  });
}

export function disconnectSocket(): void {
  generation += 1;
  owner = null;
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
    publish(null);
  }
  markSocket(null);
}

export function getSocket(): CuspSocket | null {
  return socket;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's socket, or null (visitor, not yet loaded, or unit tests). */
export function useSocket(): CuspSocket | null {
  return useSyncExternalStore(subscribe, getSocket, getSocket);
}

/** Keeps the socket in step with the session: open while `userId` is set, closed when it becomes null. */
export function useSocketLifecycle(userId: string | null): void {
  useEffect(() => {
    if (userId) connectSocket(userId);
    else disconnectSocket();
  }, [userId]);
}

type ServerEvent = keyof ServerToClientEvents;
/** A server event's handler, given the event in the domain's names (lib/wire.ts). */
export type ServerEventHandler<E extends ServerEvent> = (event: Domain<Parameters<ServerToClientEvents[E]>[0]>) => void;

/** Listens to a server event on the current socket; the handler may change between renders. */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: ServerEventHandler<E>): void {
  const current = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => latest.current(fromWire(payload))) as ServerToClientEvents[E];
    // Socket.IO's typed `on` cannot relate a generic event name to its listener type.
    (current.on as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
    return () => {
      (current.off as (e: E, l: ServerToClientEvents[E]) => void)(event, listener);
    };
  }, [current, event]);
}

/**
 * Runs `handler` every time the socket (re)connects, so the screen can fetch what it missed while
 * the connection was down (docs/product.md §9.2). The handler must be cheap when nothing was missed.
 */
export function useSocketConnect(handler: () => void): void {
  const current = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    const onConnect = () => latest.current();
    current.on('connect', onConnect);
    return () => {
      current.off('connect', onConnect);
    };
  }, [current]);
}
