import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@cusp/shared';

/**
 * Events between instances (never seen by browsers), through the Redis adapter's `serverSideEmit`.
 * `catalogue:changed`: a write changed what the public catalogue answers show; drop cached answers.
 */
export interface PeerEvents {
  'catalogue:changed': () => void;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, PeerEvents>;
type EventName = keyof ServerToClientEvents;
type PeerEventName = keyof PeerEvents;

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
  /**
   * The same, to this instance's sockets only: for events every instance produces itself (one per committed
   * database notification, which each instance hears), so that Redis does not repeat them once per instance.
   */
  toLocalUsers<E extends EventName>(userIds: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Whether the user has a socket on this instance. */
  hasLocalSockets(userId: string): boolean;
  /**
   * Moves one socket of this instance into `room`, out of its other rooms that start with `prefix` (null: out
   * of all of them). Used for what a socket is looking at, e.g. `viewing:<user>:<conversation>`.
   */
  setSocketRoom(socketId: string, prefix: string, room: string | null): void;
  /** Whether any socket of any instance is in `room` (with Redis, the others are asked; false if they do not answer). */
  anyoneIn(room: string): Promise<boolean>;
  disconnectSession(tokenHash: string): void;
  /** Sockets connected to this instance. */
  socketCount(): number;
  /**
   * Tells the other instances (not this one, not browsers). Only with the Redis adapter (`peers`);
   * alone, or before the app is built, there is nobody to tell and it does nothing. Fire and forget:
   * a message lost while Redis is away is not sent again.
   */
  toPeers(event: PeerEventName): void;
  /** Runs `listener` when another instance sends `event` (registered now or at attach, whichever is later). */
  onPeer(event: PeerEventName, listener: () => void): void;
}

export interface RealtimeHubOptions {
  /** The Socket.IO server uses the Redis adapter (REDIS_URL), so other instances can be told things. */
  peers?: boolean;
}

export function createRealtimeHub(options: RealtimeHubOptions = {}): RealtimeHub {
  let io: Io | null = null;
  const peerListeners: Array<[PeerEventName, () => void]> = [];
  return {
    attach(server) {
      io = server;
      for (const [event, listener] of peerListeners) server.on(event, listener);
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
    toLocalUsers(userIds, event, ...args) {
      if (!io || userIds.length === 0) return;
      io.local.to(userIds.map(userRoom)).emit(event, ...args);
    },
    hasLocalSockets(userId) {
      return (io?.of('/').adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0;
    },
    setSocketRoom(socketId, prefix, room) {
      const socket = io?.of('/').sockets.get(socketId);
      if (!socket) return;
      for (const joined of socket.rooms) if (joined.startsWith(prefix) && joined !== room) void socket.leave(joined);
      if (room) void socket.join(room);
    },
    async anyoneIn(room) {
      if (!io) return false;
      if ((io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0) return true;
      if (!options.peers) return false;
      try {
        return (await io.in(room).timeout(2000).fetchSockets()).length > 0;
      } catch {
        return false;
      }
    },
    socketCount() {
      return io?.engine.clientsCount ?? 0;
    },
    disconnectSession(tokenHash) {
      io?.in(sessionRoom(tokenHash)).disconnectSockets(true);
    },
    toPeers(event) {
      // The in-memory adapter would only print a warning for serverSideEmit.
      if (options.peers) io?.serverSideEmit(event);
    },
    onPeer(event, listener) {
      peerListeners.push([event, listener]);
      io?.on(event, listener);
    },
  };
}
