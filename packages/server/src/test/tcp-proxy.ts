import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** A TCP proxy in front of PostgreSQL that a test can take away (an outage) and bring back. */
export interface TcpProxy {
  /** The port it listens on, the same across close() and open(). */
  port: number;
  /** Stops listening (new connections are refused) and cuts every open connection, as a database crash would. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  /** Connections it is carrying now. */
  readonly connections: number;
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) that forwards every connection to the target.
 * @param target host and port of the real server
 * @returns the listening proxy
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const next = createServer((downstream) => {
      const upstream = connect(target.port, target.host);
      open.add(downstream).add(upstream);
      const cut = () => {
        downstream.destroy();
        upstream.destroy();
        open.delete(downstream);
        open.delete(upstream);
      };
      downstream.on("error", cut).on("close", cut);
      upstream.on("error", cut).on("close", cut);
      downstream.pipe(upstream).pipe(downstream);
    });
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  await listen();

  return {
    get port() {
      return port;
    },
    get connections() {
      return open.size / 2;
    },
    async close() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
      for (const socket of open) socket.destroy();
      open.clear();
      await closed;
    },
    async open() {
      if (!server) await listen();
    },
  };
}
