import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { sendMessageSchema, type SendAck } from '@cusp/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findSessionUser, hashToken, SESSION_COOKIE } from '../../modules/auth/session.js';
import * as messaging from '../../modules/messaging/messaging.service.js';
import { cookieValue } from '../cookie-header.js';
import type { Io } from './hub.js';
import { sessionRoom, userRoom } from './hub.js';

/**
 * Socket.IO on the product's own origin (D1): authenticated by the session cookie at connect, each
 * socket in its user's room (and its session's, so logout can close it). With REDIS_URL the rooms
 * span every instance through the Redis adapter.
 */
export async function attachSocketServer(app: FastifyInstance, ctx: AppContext, redisUrl?: string): Promise<Io> {
  const ownOrigin = new URL(ctx.config.publicUrl).origin;
  const io: Io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Cross-site WebSocket hijacking: only our own pages may open a socket with our cookie.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, !origin || origin === ownOrigin || new URL(origin).host === req.headers.host);
    },
  });

  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use(async (socket, next) => {
    const token = cookieValue(socket.request.headers.cookie, SESSION_COOKIE);
    const user = token ? await findSessionUser(ctx.db, token).catch(() => null) : null;
    if (!user || !token) return next(new Error('unauthorized'));
    socket.data.user = user;
    await socket.join([userRoom(user.id), sessionRoom(hashToken(token))]);
    next();
  });

  // Handlers still running when the server stops are awaited, so none meets a closed database.
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    inflight.add(work);
    void work.finally(() => inflight.delete(work));
    return work;
  };

  io.on('connection', (socket) => {
    const user = socket.data.user;
    socket.on('message:send', (payload, ack) => void track(handleSend(payload, ack)));
    socket.on('typing', (event) => {
      if (typeof event?.conversationID !== 'string') return;
      void track(messaging.relayTyping(ctx, user, event.conversationID, event.isTyping === true).catch(() => undefined));
    });

    async function handleSend(payload: unknown, ack: unknown) {
      const reply = (typeof ack === 'function' ? ack : () => {}) as (result: SendAck) => void;
      const parsed = sendMessageSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid message.' } satisfies SendAck);
      try {
        const { message } = await messaging.sendMessage(ctx, user, parsed.data, socket.id);
        reply({ ok: true, message });
      } catch (error) {
        if (!(error instanceof AppError)) app.log.error({ err: error }, 'message:send failed');
        reply({ ok: false, message: error instanceof AppError ? error.message : 'Failed to send message.' });
      }
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
  ctx.realtime.attach(io);
  return io;
}
