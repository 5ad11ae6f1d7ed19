import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { DataDirPermissionError, privateDirProblem, writePrivateFile } from "../private-files.js";

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

/** What the socket file says: `host` is a private directory holding the unix socket `.s.PGSQL.<port>`. */
export interface SharedSocketAddress {
  pid: number;
  host: string;
  port: number;
}

const SOCKET_PORT = 5432;
const socketName = `.s.PGSQL.${SOCKET_PORT}`;
// The socket directory made when DATA_DIR's path is too long for a socket; a name of ours, to clean after a crash.
const socketDirPrefix = "forgehire-db-";
// A unix socket's path holds at most 107 bytes on Linux, 103 on macOS.
const fitsSocketPath = (dir: string) => Buffer.byteLength(path.join(dir, socketName)) < 100;

/**
 * The address a running server published for its DATA_DIR, if that server is still the one holding it. The
 * directory it names must be private to this account, and the socket in it ours: anyone could otherwise plant a
 * look-alike database in a directory of the same name and take the statements (and passwords) the CLI sends.
 * @param dataDir the embedded database's folder
 * @param holderPid the live process that holds the data dir
 * @throws DataDirPermissionError when the published directory or socket is not private to this account
 */
export function readSharedSocket(dataDir: string, holderPid: number): SharedSocketAddress | undefined {
  const file = sharedSocketFile(dataDir);
  if (!existsSync(file)) return undefined;
  let address: SharedSocketAddress;
  try {
    address = JSON.parse(readFileSync(file, "utf8")) as SharedSocketAddress;
  } catch {
    return undefined;
  }
  // An older server's loopback port (host 127.0.0.1) is not a socket anyone can be sure of: not used.
  if (address.pid !== holderPid || typeof address.host !== "string" || !path.isAbsolute(address.host)) return undefined;
  const problem = privateDirProblem(address.host) ?? socketProblem(path.join(address.host, `.s.PGSQL.${address.port}`));
  if (problem) {
    throw new DataDirPermissionError(
      `the embedded database's socket directory "${address.host}", published by the server (process ${holderPid}), ${problem}: not connecting through it. Restart the server.`,
    );
  }
  return address;
}

/** Why a unix socket is not the one our server made, if it is not. */
function socketProblem(socket: string): string | undefined {
  const stats = lstatSync(socket, { throwIfNoEntry: false });
  if (!stats?.isSocket()) return `holds no socket ${path.basename(socket)}`;
  const uid = process.getuid?.();
  return uid !== undefined && stats.uid !== uid ? `holds a socket of another account (uid ${stats.uid})` : undefined;
}

/**
 * The directory the socket goes in: DATA_DIR itself (private, see ensurePrivateDataDir) when the path fits, else a
 * short directory of its own made 0700 under the temporary directory. Never a TCP port: PGlite has no passwords,
 * and a port is open to every local account.
 * @throws Error when even the temporary directory's path is too long
 */
function socketDirectory(dataDir: string): { dir: string; own: boolean } {
  if (fitsSocketPath(dataDir)) return { dir: dataDir, own: false };
  for (const base of new Set([tmpdir(), "/tmp"])) {
    if (!fitsSocketPath(path.join(base, `${socketDirPrefix}XXXXXX`))) continue;
    // mkdtemp makes the directory 0700, under a name no one can guess beforehand.
    const dir = mkdtempSync(path.join(base, socketDirPrefix));
    const problem = privateDirProblem(dir);
    if (problem) throw new DataDirPermissionError(`the embedded database's socket directory "${dir}" ${problem}`);
    return { dir, own: true };
  }
  throw new Error(`DATA_DIR "${dataDir}" and the temporary directory are both too long a path for a unix socket: set TMPDIR to a short one`);
}

/** Removes the socket directory a server killed before its stop left behind, named in its socket file. */
function removeStaleSocketDirectory(dataDir: string): void {
  try {
    const { host } = JSON.parse(readFileSync(sharedSocketFile(dataDir), "utf8")) as Partial<SharedSocketAddress>;
    if (typeof host === "string" && path.isAbsolute(host) && path.basename(host).startsWith(socketDirPrefix) && !privateDirProblem(host)) {
      rmSync(host, { recursive: true, force: true });
    }
  } catch {
    // no socket file, or not one of ours: nothing to clean
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
 * Lets other processes (the CLI) use the embedded database this process holds, over a unix socket in DATA_DIR (in
 * a private directory of its own when that path is too long for a socket), speaking the PostgreSQL protocol through
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

  // Imported when the database is shared (a server on the embedded database), not with this module.
  const { PGLiteSocketHandler } = await import("@electric-sql/pglite-socket");
  const home = path.resolve(dataDir);
  removeStaleSocketDirectory(home);
  const { dir, own } = socketDirectory(home);
  const socketPath = path.join(dir, socketName);
  rmSync(socketPath, { force: true });
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
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, resolve);
    });
    // Made with the process's umask (0755 as a rule); the directory already keeps others out.
    chmodSync(socketPath, 0o600);
  } catch (error) {
    server.close();
    if (own) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const address: SharedSocketAddress = { pid: process.pid, host: dir, port: SOCKET_PORT };
  writePrivateFile(sharedSocketFile(home), JSON.stringify(address));

  return {
    address,
    async stop() {
      rmSync(sharedSocketFile(home), { force: true });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
}
