import { EventEmitter } from "node:events";

/** A message for everyone joined to a channel (`task:<id>`, `room:<id>`). */
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
