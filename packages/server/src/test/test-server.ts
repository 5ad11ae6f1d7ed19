import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import supertest from "supertest";
import { createServices, loadConfig, createLogger, type Logger, type Services } from "@forgehire/services";
import { startServer } from "../server.js";
import { openTestDatabase } from "@forgehire/services/testing";

export interface TestServer {
  url: string;
  /** The Express app behind it, for a test that walks its route table. */
  app: Express;
  services: Services;
  /** A client with its own cookie jar: one per simulated browser. */
  agent(): ReturnType<typeof supertest.agent>;
  /** Runs the server's sweep of sockets whose session ended elsewhere (its timer is off in tests). */
  sweepSessions(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The real app over real HTTP on 127.0.0.1, on a fresh database of its own.
 * @param env extra environment (e.g. AUTH_RATE_LIMIT) for this server's configuration
 * @param options a logger of the test's own (to read what the server logs); web app builds to serve (else none);
 *   withoutAdminGuard builds /api/admin without its router guard (see AppOptions)
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { logger?: Logger; webApps?: { portal: string; admin: string }; withoutAdminGuard?: true } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    AUTH_RATE_LIMIT: "1000",
    // Tests sign in a few users and send many requests each; the limit has tests of its own.
    API_USER_RATE_LIMIT: "1000000",
    PUBLIC_URL: "http://forgehire.test",
    // A sweep at a five-minute mark would settle payments a test means to settle itself; the tests that need it set one.
    PAYMENT_RECONCILE_CRON: "off",
    ...env,
  });
  const database = await openTestDatabase();
  const services = await createServices(config, options.logger ?? createLogger(config.logLevel), database);
  const running = await startServer(services, {
    port: 0,
    host: "127.0.0.1",
    serveWebApps: Boolean(options.webApps),
    webAppDirs: options.webApps,
    sessionCleanupIntervalMs: 0,
    sessionSweepMs: 0,
    withoutAdminGuard: options.withoutAdminGuard,
  });
  return {
    url: running.url,
    app: running.app,
    services,
    agent: () => supertest.agent(running.url),
    sweepSessions: () => running.sweepSessions(),
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
