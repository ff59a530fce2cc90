import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { ClientToServerEvents } from '@cusp/shared';
import type { Io, RealtimeHub } from './hub.js';

type ClientEvent = keyof ClientToServerEvents;

/** Who opened a socket, and the rooms it joins (hub.ts names them: its user's, its session's). */
export interface SocketIdentity<User> {
  user: User;
  rooms: string[];
}

/** What a handler is told about the socket an event came on. */
export interface SocketSender<User> {
  id: string;
  user: User;
  /** The client's address at the handshake (`address` below): what per-address limits count. */
  address: string;
}

/** A client event's handler: the socket's sender, then the event's own arguments (an ack last, when it has one). */
export type SocketHandlers<User> = {
  [E in ClientEvent]?: (sender: SocketSender<User>, ...args: Parameters<ClientToServerEvents[E]>) => Promise<unknown>;
};

export interface SocketServerOptions<User> {
  /** With REDIS_URL, rooms span every instance through the Redis adapter. */
  redisUrl?: string;
  /** May this handshake come from where it says (platform/origin.ts)? Refused ones get a 403. */
  allowOrigin(request: IncomingMessage): boolean;
  /** Who opens the socket, from its handshake request; null refuses it (`connect_error: unauthorized`). */
  authenticate(request: IncomingMessage): Promise<SocketIdentity<User> | null>;
  /** The client's address from its handshake request (as HTTP's `request.ip`); the connection's own by default. */
  address?(request: IncomingMessage): string;
  /** The client events the product answers; the adapter knows no business rule of its own. */
  handlers: SocketHandlers<User>;
}

/**
 * Socket.IO on the product's own origin (docs/product.md §15.4, docs/decisions/0008): authenticated at connect by `authenticate`, each socket in
 * the rooms it names; events go to `handlers`. Handlers still running when the server stops are awaited.
 * No handshake, handler or middleware can end the process: whatever throws ends that request or socket.
 */
export async function attachSocketServer<User>(app: FastifyInstance, realtime: RealtimeHub, options: SocketServerOptions<User>): Promise<Io> {
  const allowOrigin = (request: IncomingMessage) => {
    try {
      return options.allowOrigin(request);
    } catch {
      return false;
    }
  };
  const io: Io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Cross-site WebSocket hijacking: only our own pages may open a socket with our cookie. Polling
    // handshakes refused here get engine.io's 403; upgrades are refused before engine.io (below).
    allowRequest: (request, callback) => callback(null, allowOrigin(request)),
  });
  guardListeners(app.server, app.log, allowOrigin);

  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  // Socket.IO ignores what a middleware returns: a rejection here would be unhandled and end the process.
  io.use(async (socket, next) => {
    let refusal: Error | undefined;
    try {
      const identity = await options.authenticate(socket.request);
      if (identity) {
        socket.data.user = identity.user;
        // Read at the handshake, while its request's connection is open (a polling one closes after it).
        socket.data.address = options.address ? options.address(socket.request) : socket.handshake.address;
        await socket.join(identity.rooms);
      } else {
        refusal = new Error('unauthorized');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'socket authentication failed');
      refusal = new Error('unauthorized');
    }
    next(refusal);
  });

  // Handlers still running when the server stops are awaited, so none meets a closed database.
  const inflight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inflight.add(work);
    void work.finally(() => inflight.delete(work));
  };

  io.on('connection', (socket) => {
    const sender: SocketSender<User> = { id: socket.id, user: socket.data.user as User, address: socket.data.address as string };
    for (const [event, handler] of Object.entries(options.handlers) as Array<[ClientEvent, (...args: unknown[]) => Promise<unknown>]>) {
      socket.on(event, (...args: unknown[]) =>
        track(
          Promise.resolve()
            .then(() => handler(sender, ...args))
            .catch((error) => app.log.error({ err: error, event }, 'socket event handler failed')),
        ),
      );
    }
  });

  // Disconnect sockets before the HTTP server stops (preClose), then let running handlers finish.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inflight]);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
  realtime.attach(io);
  return io;
}

/**
 * The HTTP server's `request` and `upgrade` listeners (Fastify's, wrapped by engine.io) run inside Node's
 * event emitter: a synchronous throw there is an uncaught exception, which ends the process. Each is
 * wrapped so that a throw ends its own request (a 500, or the connection cut) and is logged. An upgrade
 * from a foreign origin is refused here with a 403 (engine.io would answer 400).
 */
function guardListeners(server: FastifyInstance['server'], log: FastifyBaseLogger, allowOrigin: (request: IncomingMessage) => boolean) {
  const requests = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  for (const listener of requests) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      try {
        listener.call(server, req, res);
      } catch (error) {
        log.error({ err: error, url: req.url }, 'request listener threw');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', connection: 'close' }).end('{"message":"Internal error."}');
        else res.destroy();
      }
    });
  }
  const upgrades = server.listeners('upgrade') as Array<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  server.removeAllListeners('upgrade');
  for (const listener of upgrades) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => {});
      try {
        if (!allowOrigin(req)) {
          socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 9\r\n\r\nForbidden');
          return;
        }
        listener.call(server, req, socket, head);
      } catch (error) {
        log.error({ err: error, url: req.url }, 'upgrade listener threw');
        socket.destroy();
      }
    });
  }
}
