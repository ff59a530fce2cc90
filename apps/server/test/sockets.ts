import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@cusp/shared';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The app's address, listening on a free loopback port (once). */
export async function baseUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/** A real Socket.IO client with the given session cookie (and other handshake headers); resolves once connected. */
export async function socketFor(url: string, cookie?: string, origin?: string, headers: Record<string, string> = {}): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    extraHeaders: { ...headers, ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** The next `event` on the socket, or a rejection after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, ms = 30_000): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${ms} ms`)), ms);
    socket.once(event as never, ((payload: never) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}
