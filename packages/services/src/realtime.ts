import { EventEmitter } from "node:events";

/** The channel of one task's conversation. */
export const taskChannel = (taskId: string) => `task:${taskId}`;

/** The channel of a chat room. */
export const roomChannel = (roomId: string) => `room:${roomId}`;

/**
 * The channel of one user, which every socket of theirs joins: news about any of their rooms (the nav's unread
 * count, the room list) and about the breakdowns they asked for.
 */
export const userChannel = (userId: string) => `user:${userId}`;

/** A message for everyone joined to a channel (`task:<id>`, `room:<id>`, `user:<id>`). */
export interface RealtimeEvent {
  channel: string;
  event: string;
  payload: unknown;
}

/**
 * How use cases announce what just happened, after their commit. The services know nothing of sockets: the
 * server subscribes and forwards to socket.io (and, through its adapter, to every other server process).
 */
export interface Realtime {
  publish(channel: string, event: string, payload: unknown): void;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
}

/** An in-process bus; with no subscriber (the CLI) a publish goes nowhere. */
export function createRealtime(): Realtime {
  const bus = new EventEmitter();
  return {
    publish(channel, event, payload) {
      bus.emit("event", { channel, event, payload } satisfies RealtimeEvent);
    },
    subscribe(listener) {
      bus.on("event", listener);
      return () => bus.off("event", listener);
    },
  };
}
