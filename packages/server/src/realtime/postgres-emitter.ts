import { randomUUID } from "node:crypto";
import { MessageType } from "socket.io-adapter";
import { adminsChannel, userChannel, type RealtimeEvent, type Services, enabledAdminIds } from "@forgehire/services";
import { presenters } from "./present-event.js";

/** The socket.io Postgres adapter's NOTIFY channel of the default namespace (its `channelPrefix#nsp`). */
const ADAPTER_CHANNEL = "socket.io#/";
/** PostgreSQL's NOTIFY payload limit is 8,000 bytes; the adapter itself moves bigger messages through a table. */
const MAX_PAYLOAD_BYTES = 7_900;
/** socket.io-parser's EVENT packet type. */
const EVENT_PACKET = 2;

/**
 * Brings the events of a process that has no socket server (the CLI, a one-off script) to the sockets of every
 * running server, on PostgreSQL: each event is sent as the socket.io Postgres adapter's own broadcast message (a
 * `pg_notify` on its channel, from an id no server has), which every server's adapter delivers to its local sockets
 * as it delivers another server's broadcasts. PGlite has one process, so there is nothing to reach.
 * @param services the process's services: their realtime bus is forwarded
 * @returns flush (waits for the notifies sent so far) and stop
 */
export function emitThroughPostgres(services: Services): { flush(): Promise<void>; stop(): void } {
  const uid = `cli-${randomUUID()}`;
  const sending = new Set<Promise<void>>();
  const send = async ({ channels, event, payload }: RealtimeEvent) => {
    let rooms = [...channels];
    if (rooms.includes(adminsChannel)) {
      // The admins of this moment, as the socket server resolves them.
      rooms = [...rooms.filter((room) => room !== adminsChannel), ...(await enabledAdminIds(services.db)).map(userChannel)];
    }
    // An empty list would be socket.io's broadcast to every socket.
    if (rooms.length === 0) return;
    const message = {
      uid,
      nsp: "/",
      type: MessageType.BROADCAST,
      data: { opts: { rooms, except: [], flags: {} }, packet: { type: EVENT_PACKET, nsp: "/", data: [event, presenters[event](payload)] } },
    };
    const text = JSON.stringify(message);
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
      services.logger.warn({ event, bytes: Buffer.byteLength(text) }, "realtime event too large to forward to the servers' sockets: not sent");
      return;
    }
    await services.db.raw("select pg_notify(?, ?)", [ADAPTER_CHANNEL, text]);
  };
  const unsubscribe = services.realtime.subscribe((event) => {
    const done = send(event).catch((err: unknown) => services.logger.warn({ err, event: event.event }, "realtime event not forwarded to the servers"));
    sending.add(done);
    void done.finally(() => sending.delete(done));
  });
  return {
    async flush() {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
    stop: unsubscribe,
  };
}
