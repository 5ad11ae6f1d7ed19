import pg from "pg";
import { createAdapter } from "@socket.io/postgres-adapter";
import { Adapter, MessageType, type BroadcastOptions, type ClusterAdapter } from "socket.io-adapter";
import type { Logger } from "@forgehire/services";

/**
 * Connections of the adapter's pool: one held for LISTEN, the others publish. Publishes no longer hold up local
 * delivery, but a burst still waits for a free connection before it reaches the other processes.
 */
export const ADAPTER_POOL_SIZE = 6;

/** The socket.io adapter factory and the pool behind it. */
export interface PostgresAdapter {
  adapter: ReturnType<typeof createAdapter>;
  /** Ends the pool; close the namespace's adapter first (it holds the LISTEN connection until then). */
  close(): Promise<void>;
}

/**
 * The socket.io Postgres adapter on a pool of its own, made to outlive any lost database connection.
 *
 * The adapter keeps one pooled client checked out for LISTEN. pg-pool listens for errors on idle clients only, so
 * when that connection died (`pg_terminate_backend`, a PostgreSQL restart, a cut network) its 'error' event had no
 * listener and ended the whole server process. Here:
 * - every client the pool makes gets an error listener for life, so no client error can ever go unheard;
 * - the client handed out for LISTEN is released with its error when it fails, so the pool drops it instead of
 *   counting it as busy forever (which, after a few losses, would leave no connection to publish with);
 * - the adapter sees the client end and LISTENs again on a new connection after 1–3 s, and keeps trying while the
 *   database refuses; publishes that fail meanwhile are logged, not thrown.
 * @param databaseUrl the PostgreSQL the server uses
 * @param logger where lost connections are reported
 */
export function createPostgresAdapter(databaseUrl: string, logger: Logger): PostgresAdapter {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: ADAPTER_POOL_SIZE, connectionTimeoutMillis: 5_000, keepAlive: true });
  // The idle listener pg-pool adds does the bookkeeping for an idle client and then emits here.
  pool.on("error", (err) => logger.warn({ err }, "realtime: an idle database connection was lost"));
  pool.on("connect", (client) => {
    client.on("error", (err) => logger.debug({ err }, "realtime: database connection error"));
  });

  const listenerPool = createListenerPool(pool, logger);

  return {
    adapter: deliveringLocallyFirst(
      createAdapter(listenerPool, {
        errorHandler: (err) => logger.warn({ err }, "realtime: the Postgres adapter could not publish or clean up"),
      }),
    ),
    close: () => pool.end(),
  };
}

/** What `createAdapter` returns: a factory of one adapter per namespace. */
type AdapterFactory = ReturnType<typeof createAdapter>;

/**
 * The adapter with broadcasts delivered to this process's sockets at once, and published to the other processes
 * without waiting. socket.io's cluster adapter awaits its publish (here a pg_notify round trip on a pooled
 * connection) before delivering even locally, so under load a same-process message queued behind every other
 * publish. The publish is the cluster adapter's own message, so the other processes deliver it unchanged; their
 * order relative to this process's sockets was never promised (two processes' publishes interleave anyway), and a
 * failed publish is reported through the adapter's error handler as before.
 * @param factory the Postgres adapter's factory
 * @returns a factory of the same adapters with that broadcast
 */
export function deliveringLocallyFirst(factory: AdapterFactory): AdapterFactory {
  // socket.io calls the factory with `new`, so it must be a function, not an arrow; the object it returns is the adapter.
  return function (nsp) {
    const adapter = factory(nsp) as unknown as ClusterAdapter;
    // publishAndReturnOffset is protected: this is the one place that reaches it, to publish without delivering.
    const publish = (adapter as unknown as { publishAndReturnOffset: (message: unknown) => Promise<string> }).publishAndReturnOffset.bind(adapter);
    adapter.broadcast = (packet: unknown, opts: BroadcastOptions) => {
      // The in-memory adapter's delivery, which the cluster adapter calls only after its publish.
      Adapter.prototype.broadcast.call(adapter, packet, opts);
      if (opts.flags?.local) return Promise.resolve();
      // The cluster adapter's own encoding of a broadcast (rooms and exceptions as arrays, the flags as they are).
      const data = { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } };
      // The Postgres client catches and reports its own publish errors; this catch only keeps a rejection handled.
      publish({ type: MessageType.BROADCAST, data }).catch(() => undefined);
      return Promise.resolve();
    };
    return adapter as unknown as ReturnType<AdapterFactory>;
  };
}

/**
 * What the adapter sees as its pool: `query` as is, and `connect` (used only for the LISTEN client) handing out a
 * client that is released with its error when its connection fails, and retired when the adapter asks for another.
 * @param pool the adapter's own pool
 * @param logger where a lost LISTEN connection is reported
 */
export function createListenerPool(pool: pg.Pool, logger: Logger): pg.Pool {
  /** The LISTEN client handed out last, and how to give it back. */
  let current: { client: pg.PoolClient; release(err?: Error | boolean): void } | undefined;
  return {
    query: pool.query.bind(pool),
    // Only the adapter's LISTEN client comes through here (its publishes use query, which releases by itself).
    async connect() {
      const client = await pool.connect();
      // The adapter asks again only once its client has ended or failed to LISTEN, so one still held is an orphan:
      // when a LISTEN fails on a dying connection the adapter schedules two reconnections (its catch and the 'end'
      // event) and would keep both clients listening, delivering every event twice. Retire it, quietly.
      if (current) {
        current.client.removeAllListeners("notification");
        current.client.removeAllListeners("end");
        current.release(true);
      }
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.off("error", onError);
        if (current?.client === client) current = undefined;
        release(err);
      };
      current = { client, release: releaseOnce };
      const onError = (err: Error) => {
        logger.warn({ err }, "realtime: the LISTEN connection was lost; reconnecting");
        releaseOnce(err);
      };
      client.on("error", onError);
      client.release = releaseOnce;
      return client;
    },
  } as unknown as pg.Pool;
}
