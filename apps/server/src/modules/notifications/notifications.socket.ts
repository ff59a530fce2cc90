import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema/index.js';
import type { SocketHandlers } from '../../platform/realtime/socket.js';
import { viewingRoom } from './events.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `conversation:viewing` (docs/decisions/0027): a tab says which conversation it shows while it is visible (null when
 * none, or hidden). The socket joins `viewing:<its user>:<conversation>` and leaves the one before; the room is named
 * by the socket's own user, so nobody can be marked as looking but themselves. Disconnecting leaves it. An ack, when
 * the client sends one, answers once the room is set (tests wait on it rather than on time).
 */
export function notificationSocketHandlers(ctx: AppContext): SocketHandlers<UserRow> {
  return {
    'conversation:viewing': async (sender, event: unknown, ack?: unknown) => {
      const id = (event as { conversationID?: unknown } | null)?.conversationID;
      const room = typeof id === 'string' && UUID.test(id) ? viewingRoom(sender.user.id, id.toLowerCase()) : null;
      ctx.realtime.setSocketRoom(sender.id, 'viewing:', room);
      if (typeof ack === 'function') ack({ ok: true });
    },
  };
}
