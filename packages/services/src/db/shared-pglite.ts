import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite has one session. Everything that talks to it — the server's knex and each client of the shared socket —
 * must own that session for a whole unit of work: a knex query or transaction, or a socket client's statements up
 * to the moment its session is idle again (ReadyForQuery "I"). Without it, a statement of one party runs inside the
 * other's open transaction: it sees uncommitted rows and is rolled back with them. A FIFO lock, handed over on
 * release so no one can overtake a waiter.
 *
 * The session is handed over in a macrotask of its own (setImmediate), also when it is free: PGlite's statements
 * never wait for I/O, so a request's queries, granted as promises, ran with the rest of that request in one
 * callback of the event loop, and the loop's one turn served every request that had arrived before reading any
 * other socket or accepting a connection (libuv accepts one per turn). Under 50 connections a turn lasted about
 * half a second and a new connection waited many turns for its first answer: the PGlite listing's p99 was ~10× its
 * median. Granted one per turn, each turn runs one unit of work, then reads what arrived, and waiters are served
 * in the order they asked.
 */
export class SessionLock {
  private owner: unknown = null;
  private readonly waiters: Array<{ owner: unknown; resolve: () => void }> = [];

  /** Waits until the session is free and the event loop has turned, then gives it to `owner`. */
  async acquire(owner: unknown): Promise<void> {
    await new Promise<void>((resolve) => {
      this.waiters.push({ owner, resolve });
      if (this.owner === null) this.grantNext();
    });
  }

  /** Frees the session (if `owner` holds it), handing it to the oldest waiter. */
  release(owner: unknown): void {
    if (this.owner !== owner) return;
    this.owner = null;
    this.grantNext();
  }

  private grantNext(): void {
    const next = this.waiters.shift();
    if (!next) return;
    // Owned from now, so that no one overtakes it in the meantime; it runs on the loop's next turn.
    this.owner = next.owner;
    setImmediate(next.resolve);
  }

  /** Whether `owner` holds the session now. */
  holds(owner: unknown): boolean {
    return this.owner === owner;
  }
}

/** Where a running server publishes its embedded database, inside its DATA_DIR. */
export const sharedSocketFile = (dataDir: string) => path.join(dataDir, "forgehire.socket.json");

/** What the socket file says: `host` is a directory (a unix socket `.s.PGSQL.<port>` in it) or 127.0.0.1. */
export interface SharedSocketAddress {
  pid: number;
  host: string;
  port: number;
}

/**
 * The address a running server published for its DATA_DIR, if that server is still the one holding it.
 * @param dataDir the embedded database's folder
 * @param holderPid the live process that holds the data dir
 */
export function readSharedSocket(dataDir: string, holderPid: number): SharedSocketAddress | undefined {
  const file = sharedSocketFile(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const address = JSON.parse(readFileSync(file, "utf8")) as SharedSocketAddress;
    return address.pid === holderPid ? address : undefined;
  } catch {
    return undefined;
  }
}

const readyForQueryIdle = (tail: number[]) =>
  tail.length === 6 && tail[0] === 0x5a && tail[1] === 0 && tail[2] === 0 && tail[3] === 0 && tail[4] === 5 && tail[5] === 0x49;
const readyForQueryStatus = (tail: number[]) => (tail.length === 6 && tail[0] === 0x5a && tail[4] === 5 ? String.fromCharCode(tail[5]!) : undefined);
// A Sync message: ends an extended-protocol exchange a client abandoned half way.
const syncMessage = new Uint8Array([0x53, 0, 0, 0, 4]);

export interface SharedPGlite {
  address: SharedSocketAddress;
  stop(): Promise<void>;
}

/**
 * Lets other processes (the CLI) use the embedded database this process holds, over a unix socket in DATA_DIR
 * (loopback TCP when the path is too long for a socket), speaking the PostgreSQL protocol through
 * pglite-socket's per-connection handler. Our own queue replaces pglite-socket's: a client owns the session
 * (see SessionLock) from its first message until PGlite says the session is idle again.
 * @param db the open PGlite
 * @param lock the lock the process's own knex takes around each connection use
 * @param dataDir where to put the socket and the file that names it
 */
export async function shareEmbeddedDatabase(db: PGlite, lock: SessionLock, dataDir: string): Promise<SharedPGlite> {
  const disconnected = new Set<number>();
  const status = new Map<number, string>();
  const key = (handlerId: number) => `socket-client-${handlerId}`;

  const queue = {
    async enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
      if (!lock.holds(key(handlerId))) await lock.acquire(key(handlerId));
      if (disconnected.has(handlerId)) {
        lock.release(key(handlerId));
        throw new Error("Handler disconnected");
      }
      let size = 0;
      let tail: number[] = [];
      try {
        await db.runExclusive(() =>
          db.execProtocolRawStream(message, {
            onRawData: (data) => {
              size += data.length;
              tail = [...tail, ...data.subarray(Math.max(0, data.length - 6))].slice(-6);
              onData(data);
            },
          }),
        );
      } catch (error) {
        lock.release(key(handlerId));
        throw error;
      }
      const state = readyForQueryStatus(tail);
      if (state) status.set(handlerId, state);
      if (readyForQueryIdle(tail)) lock.release(key(handlerId));
      return size;
    },
    clearQueueForHandler(handlerId: number): void {
      disconnected.add(handlerId);
    },
    async clearTransactionIfNeeded(handlerId: number): Promise<void> {
      if (!lock.holds(key(handlerId))) return;
      // The client left holding the session: close what it left open before anyone else runs.
      try {
        await db.runExclusive(() => db.execProtocolRawStream(syncMessage, { onRawData: () => undefined }));
        if (db.isInTransaction() || status.get(handlerId) !== "I") await db.exec("ROLLBACK");
      } finally {
        status.delete(handlerId);
        lock.release(key(handlerId));
      }
    },
  };

  const socketPath = path.join(path.resolve(dataDir), ".s.PGSQL.5432");
  // Unix socket paths are limited to ~107 bytes.
  const unix = Buffer.byteLength(socketPath) < 100;
  if (unix) rmSync(socketPath, { force: true });

  // Imported when the database is shared (a server on the embedded database), not with this module.
  const { PGLiteSocketHandler } = await import("@electric-sql/pglite-socket");
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    const handler = new PGLiteSocketHandler({
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]["queryQueue"],
      closeOnDetach: true,
    });
    void handler.attach(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (unix) server.listen(socketPath, resolve);
    else server.listen(0, "127.0.0.1", resolve);
  });
  const port = unix ? 5432 : (server.address() as { port: number }).port;
  const address: SharedSocketAddress = { pid: process.pid, host: unix ? path.resolve(dataDir) : "127.0.0.1", port };
  writeFileSync(sharedSocketFile(dataDir), JSON.stringify(address), { mode: 0o600 });

  return {
    address,
    async stop() {
      rmSync(sharedSocketFile(dataDir), { force: true });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
