import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@cusp/shared';

export type Io = Server<ClientToServerEvents, ServerToClientEvents>;
type EventName = keyof ServerToClientEvents;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/**
 * How features reach connected browsers, after their database commit. Created with the context and
 * attached to Socket.IO when the app is built; with the Redis adapter, emits reach every instance.
 */
export interface RealtimeHub {
  attach(io: Io): void;
  toUsers<E extends EventName>(userIds: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** The same, skipping one socket (the sender, who already has the result in its acknowledgement). */
  toUsersExcept<E extends EventName>(socketId: string | undefined, userIds: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  disconnectSession(tokenHash: string): void;
  /** Sockets connected to this instance. */
  socketCount(): number;
}

export function createRealtimeHub(): RealtimeHub {
  let io: Io | null = null;
  return {
    attach(server) {
      io = server;
    },
    toUsers(userIds, event, ...args) {
      this.toUsersExcept(undefined, userIds, event, ...args);
    },
    toUsersExcept(socketId, userIds, event, ...args) {
      if (!io || userIds.length === 0) return;
      const target = io.to(userIds.map(userRoom));
      // Every socket is in a room named by its own id, so `except` drops exactly that one.
      (socketId ? target.except(socketId) : target).emit(event, ...args);
    },
    socketCount() {
      return io?.engine.clientsCount ?? 0;
    },
    disconnectSession(tokenHash) {
      io?.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
  };
}
