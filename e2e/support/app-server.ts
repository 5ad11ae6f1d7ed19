import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { inject } from "vitest";
import { createLogger, createServices, loadConfig, migrateLatest, type Services } from "@forgehire/services";
import { startServer } from "@forgehire/server";

export interface AppServer {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

/**
 * The production server (API, portal, back office) on a fresh embedded database, as `npm start` runs it,
 * in this test file's process so the test can read the outbox. The database is a copy of the run's migrated template
 * (global-setup.ts), so the migration below finds nothing to do; it stays so a server never starts unmigrated.
 * @param env extra settings, e.g. an AI endpoint
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-e2e-"));
  cpSync(path.join(inject("e2eDataDirTemplate"), "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    AUTH_RATE_LIMIT: "1000",
    ...env,
  });
  const services = await createServices(config, createLogger(config.logLevel));
  await migrateLatest(services.db);
  const running = await startServer(services, { port, host: "127.0.0.1", sessionCleanupIntervalMs: 0 });
  return {
    url: running.url,
    services,
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on, so PUBLIC_URL (used in emailed links) can name it before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
