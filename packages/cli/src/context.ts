import { pino } from "pino";
import {
  afterCommitWorkSettled,
  createLogger,
  createServices,
  loadConfig,
  pendingMigrations,
  type Config,
  type Logger,
  type Services,
} from "@forgehire/services";
import { NotMigratedError } from "./exit-codes.js";

/**
 * Opens the configured database for one command and closes it afterwards, whatever happens. Logs go to stderr:
 * stdout is the command's output (tables, JSON) for scripts.
 * @param run the command's work
 * @param options logLevel for commands that should stay quiet; migrated: false for the commands that migrate;
 *   workers: true to run the queue's workers too
 * @throws NotMigratedError when the schema is behind the code (unless migrated: false)
 */
export async function withServices<T>(
  run: (services: Services) => Promise<T>,
  options: { logLevel?: string; migrated?: boolean; workers?: boolean } = {},
): Promise<T> {
  const config = loadConfig();
  const logger = createLogger(options.logLevel ?? (process.env.LOG_LEVEL ? config.logLevel : "warn"), pino.destination(2));
  const services = await createServices(config, logger);
  // What a command announces (a notification, a dispute resolved) reaches the sockets of the running servers.
  // Loaded only then: the other commands do not pay for the server's modules.
  const emitter = services.database.kind === "postgres" ? (await import("@forgehire/server/realtime-emitter")).emitThroughPostgres(services) : undefined;
  try {
    if (options.migrated !== false) {
      await ensureMigrated(services);
      // Commands queue e-mails inside their transactions: the queue must be up before one opens.
      await services.queue.prepare();
    }
    // A command that sends e-mail works the queue too while it runs (beside any running server's workers), so it
    // can say how the first delivery went; what it leaves queued, a server delivers.
    // It runs no schedule clock: the servers keep those.
    if (options.workers) await services.startWorkers({ command: true });
    return await run(services);
  } finally {
    // Announcements run after their commits: they are sent before the database closes.
    await afterCommitWorkSettled();
    await emitter?.flush();
    emitter?.stop();
    await services.close();
  }
}

/** A database the migrations have not (all) reached would answer with SQL errors: say what to do instead. */
async function ensureMigrated(services: Services): Promise<void> {
  const pending = (await services.db.schema.hasTable("knex_migrations")) ? (await pendingMigrations(services.db)).length : -1;
  if (pending === 0) return;
  throw new NotMigratedError(
    pending < 0 ? "The database is not migrated: run forgehire db:migrate" : `The database is ${pending} migration(s) behind: run forgehire db:migrate`,
  );
}

export type { Config, Logger, Services };
