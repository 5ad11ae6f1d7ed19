import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import knexFactory, { type Knex } from "knex";
import ClientPgLite from "knex-pglite";
import pg from "pg";
import type { Logger } from "../logger.js";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.js";
import { createPGlite } from "./pglite.js";

export type DatabaseKind = "pglite" | "postgres";

/** An open database: the knex instance every repository uses, and how to close it. */
export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded PGlite keeps its files (`<dataDir>/pgdata`). */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load a migrated template into one). */
  pglite?: PGlite;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** Where knex's own warnings go (a lost connection, a failed connect); console otherwise. */
  logger?: Logger;
}

// pg returns int8 and numeric as strings to be safe with huge values; our counts and dollar amounts fit a double,
// and PGlite already returns numbers, so both databases answer alike. Dates stay "YYYY-MM-DD" strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** knex's log hooks, into the process's structured log. */
function knexLog(logger: Logger): Knex.Logger {
  const db = logger.child({ component: "knex" });
  return {
    warn: (message: unknown) => db.warn(String(message)),
    error: (message: unknown) => db.error(String(message)),
    deprecate: (method: string, alternative: string) => db.warn(`${method} is deprecated; use ${alternative}`),
    debug: (message: unknown) => db.debug(String(message)),
  };
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite under DATA_DIR.
 * @param options where the database is
 * @returns the open database
 * @throws Error when another process already holds the embedded database
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const knex = knexFactory({
      client: "pg",
      // While PostgreSQL is away a request should fail fast (503) rather than hang: a connection attempt gives up
      // after 5 s and a wait for a pooled connection after 10 s. knex listens for each connection's errors itself
      // and drops a broken one from its pool, so a lost connection is replaced on the next query.
      connection: { connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true },
      acquireConnectionTimeout: 10_000,
      pool: { min: 0, max: options.poolSize ?? 10 },
      ...(options.logger && { log: knexLog(options.logger) }),
    });
    return { knex, kind: "postgres", close: () => knex.destroy() };
  }

  let lock: DataDirLock | undefined;
  let pglite = options.pglite;
  if (!pglite) {
    const dataDir = path.resolve(options.dataDir ?? "./data");
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    pglite = createPGlite(path.join(dataDir, "pgdata"));
  }
  const instance = pglite;
  await instance.waitReady;
  const knex = knexFactory({
    client: ClientPgLite,
    dialect: "postgres",
    // knex-pglite takes an opened PGlite through a connection function.
    connection: () => ({ pglite: instance }) as object,
  } as Knex.Config);
  return {
    knex,
    kind: "pglite",
    close: async () => {
      await knex.destroy();
      if (!instance.closed) await instance.close();
      lock?.release();
    },
  };
}
