import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import type { Services } from "@forgehire/services";
import { createApp, type AppOptions } from "./app.js";
import { sessionMiddlewares } from "./middlewares/session.js";
import { attachRealtime } from "./realtime/socket-server.js";

export interface RunningServer {
  server: Server;
  /** The Express app it serves (a test walks its route table). */
  app: Express;
  url: string;
  /** Closes this process's sockets whose session has ended by other means than this server (see attachRealtime). */
  sweepSessions(): Promise<number>;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), then closes the database. */
  stop(): Promise<void>;
}

/**
 * Starts the HTTP server.
 * @param services wired dependencies (closed by stop)
 * @param options port (0 picks a free one), host, grace period and app switches
 * @returns the running server and its URL
 */
export async function startServer(
  services: Services,
  options: AppOptions & { port?: number; host?: string; graceMs?: number; sessionSweepMs?: number } = {},
): Promise<RunningServer> {
  const session = sessionMiddlewares(services, { cleanupIntervalMs: options.sessionCleanupIntervalMs });
  const app = createApp(services, { ...options, session });
  const server = createServer(app);
  const realtime = attachRealtime(server, services, session.middlewares, { sessionSweepMs: options.sessionSweepMs });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? services.config.port, options.host ?? "0.0.0.0", resolve);
  });
  const { port } = server.address() as AddressInfo;
  // After listening: the first requests need not wait for the workers, which pick up whatever was queued meanwhile.
  await services.startWorkers();
  const url = `http://127.0.0.1:${port}`;

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await realtime.close();
      // Keep-alive connections turn idle as their last response ends: close each one as soon as it does.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const grace = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000);
      await closed;
      clearInterval(sweep);
      clearTimeout(grace);
      await services.close();
    })();
    return stopping;
  };
  return { server, app, url, stop, sweepSessions: realtime.sweepSessions };
}
