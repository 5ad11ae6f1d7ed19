import supertest from "supertest";
import { createLogger, createServices, loadConfig, openDatabase, type Services } from "@forgehire/services";
import { startServer } from "../server.js";
import type { TestServer } from "./test-server.js";

/** A second app on a test server's database. */
export interface TwinServer {
  services: Services;
  /** its base URL (the first server's on PGlite), for sockets */
  url: string;
  /** A client with its own cookie jar, talking to the twin. */
  agent(): ReturnType<typeof supertest.agent>;
  stop(): Promise<void>;
}

/**
 * A second server process on the same database, for races between processes: on PostgreSQL its own app, services
 * and connection pool (as a second process would have); on PGlite, which one process holds, the first server itself.
 * @param first the server whose database to share
 * @param env the same extra environment the first server got (e.g. STRIPE_* keys)
 */
export async function startTwinServer(first: TestServer, env: Record<string, string> = {}): Promise<TwinServer> {
  // openDatabase gives knex `{connectionString, ...}` for PostgreSQL; PGlite's dialect has no URL to share.
  const connection = (first.services.db.client as { config: { connection?: string | { connectionString?: string } } }).config.connection;
  const databaseUrl = typeof connection === "string" ? connection : connection?.connectionString;
  if (!databaseUrl) return { services: first.services, url: first.url, agent: first.agent, stop: async () => {} };
  const config = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    AUTH_RATE_LIMIT: "1000",
    // Tests sign in a few users and send many requests each; the limit has tests of its own.
    API_USER_RATE_LIMIT: "1000000",
    PUBLIC_URL: "http://forgehire.test",
    // A sweep at a five-minute mark would settle payments a test means to settle itself; the tests that need it set one.
    PAYMENT_RECONCILE_CRON: "off",
    DATABASE_URL: databaseUrl,
    ...env,
  });
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  const services = await createServices(config, createLogger(config.logLevel), database);
  const running = await startServer(services, { port: 0, host: "127.0.0.1", serveWebApps: false, sessionCleanupIntervalMs: 0 });
  return {
    services,
    url: running.url,
    agent: () => supertest.agent(running.url),
    async stop() {
      await running.stop();
    },
  };
}
