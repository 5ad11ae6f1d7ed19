import { EventEmitter } from "node:events";
import type { ServerEventName } from "@forgehire/core";

/** The channel of one task's conversation. */
export const taskChannel = (taskId: string) => `task:${taskId}`;

/** The channel of a chat room. */
export const roomChannel = (roomId: string) => `room:${roomId}`;

/**
 * The channel of one user, which every socket of theirs joins: news about any of their rooms (the nav's unread
 * count, the room list) and about the breakdowns they asked for.
 */
export const userChannel = (userId: string) => `user:${userId}`;

/**
 * The channel of the back office's Communication Hub: every room's new messages. Admins' sockets join it on request
 * (checked then); a socket whose user stops being an admin is closed (retype, sweep), so it leaves with it. Unlike
 * `adminsChannel` it needs no lookup of the admins per message: the chat's hot path stays as it was.
 */
export const chatHubChannel = "chat-hub";

/** The channel every admin's sockets join: news an admin may act on wherever it happens (breakdown runs). */
export const adminsChannel = "admins";

/** The channel of one signed-in session (express-session id), which every socket opened with it joins. */
export const sessionChannel = (sessionId: string) => `session:${sessionId}`;

/**
 * A message for everyone joined to any of its channels (`task:<id>`, `room:<id>`, `user:<id>`): a socket in several
 * of them hears it once.
 */
export interface RealtimeEvent {
  channels: readonly string[];
  event: ServerEventName;
  /** the record as the use case has it; the server presents it as the HTTP API would */
  payload: unknown;
}

/**
 * How use cases announce what just happened, after their commit. The services know nothing of sockets: the
 * server subscribes and forwards to socket.io (and, through its adapter, to every other server process).
 */
export interface Realtime {
  /** One event to the union of the channels' sockets, each socket once. */
  publish(channels: string | readonly string[], event: ServerEventName, payload: unknown): void;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  /**
   * Closes every socket joined to a channel, on every server process: called after a commit that ends sessions
   * (`session:<sid>`) or all of a user's access (`user:<id>`), so that a socket never outlives its session.
   */
  disconnect(channel: string): void;
  /** The server's side of `disconnect`. */
  onDisconnect(listener: (channel: string) => void): () => void;
}

/** An in-process bus; with no subscriber (the CLI) a publish goes nowhere. */
export function createRealtime(): Realtime {
  const bus = new EventEmitter();
  return {
    publish(channels, event, payload) {
      bus.emit("event", { channels: typeof channels === "string" ? [channels] : channels, event, payload } satisfies RealtimeEvent);
    },
    subscribe(listener) {
      bus.on("event", listener);
      return () => bus.off("event", listener);
    },
    disconnect(channel) {
      bus.emit("disconnect", channel);
    },
    onDisconnect(listener) {
      bus.on("disconnect", listener);
      return () => bus.off("disconnect", listener);
    },
  };
}
