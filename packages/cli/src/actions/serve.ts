import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createLogger, createServices, loadConfig, migrateLatest, pendingMigrations } from "@forgehire/services";
import { startServer, webAppsBuilt } from "@forgehire/server";
import { runSeeds } from "../../../../seeds/index.js";
import { formatDemoLogins } from "./db.js";

export interface ServeOptions {
  port?: string;
  demo: boolean;
  build: boolean;
  migrate: boolean;
}

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** Builds the portal and back office when they have never been built (a fresh clone's first start). */
function ensureWebAppsBuilt(log: (line: string) => void): void {
  if (webAppsBuilt()) return;
  log("Building the portal and the back office (first start only; `npm run build` rebuilds)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("Building the web apps failed; see the output above.");
}

/** serve: migrate, load the demo into an empty database, serve the API, the portal and the back office. */
export async function serve(options: ServeOptions): Promise<void> {
  const config = loadConfig(options.port ? { ...process.env, PORT: options.port } : process.env);
  const logger = createLogger(config.logLevel);
  if (options.build) ensureWebAppsBuilt((line) => logger.info(line));
  // A last resort: each database call handles its own failure, but a promise rejected with nobody listening must be
  // logged rather than end a server that can still answer everything else (Node's default is to exit).
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));

  const services = await createServices(config, logger);
  try {
    if (options.migrate) {
      const applied = await migrateLatest(services.db);
      if (applied.length) logger.info({ migrations: applied }, "database migrated");
    } else {
      // Several replicas starting at once must not race to change the schema: the deploy runs db:migrate first.
      const pending = await pendingMigrations(services.db);
      if (pending.length) logger.warn({ pending }, "migrations pending: run `forgehire db:migrate` (/readyz stays 503 until then)");
    }
    if (options.demo) {
      const seed = await runSeeds(services);
      if (seed.seeded) console.log(`\n${formatDemoLogins(seed.logins)}\n`);
    }
  } catch (error) {
    await services.close();
    throw error;
  }

  // Operators run the CLI while the site runs: on the embedded database it comes in through this socket.
  const shared = await services.database.share?.();
  if (shared) logger.info({ socket: shared.address }, "embedded database shared with the CLI");

  const running = await startServer(services, { port: config.port });
  logger.info({ url: config.publicUrl, database: services.database.kind }, "Forgehire is ready");
  console.log(`Portal:      ${config.publicUrl}\nBack office: ${config.publicUrl}/admin`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}
