import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import knexFactory, { type Knex } from "knex";
import type ClientPgLite from "knex-pglite";
import pg from "pg";
import type { Logger } from "../logger.js";
import { ensurePrivateDataDir, tightenTree } from "../private-files.js";
import { acquireDataDirLock, DataDirBusyError, type DataDirLock } from "./data-dir-lock.js";
import { createPGlite } from "./pglite.js";
import { readSharedSocket, SessionLock, shareEmbeddedDatabase, type SharedPGlite } from "./shared-pglite.js";

export type DatabaseKind = "pglite" | "postgres";

/** An open database: the knex instance every repository uses, and how to close it. */
export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Only on an embedded database this process holds: lets the CLI use it while this process runs (see
   * shared-pglite.ts), until the returned handle is stopped.
   */
  share?: () => Promise<SharedPGlite>;
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

// The text of each statement marked `.options({ prepare: true })`, and the name it is prepared under on every
// connection (pg keeps one name per text for each connection it opens).
const statementNames = new Map<string, string>();
const MAX_PREPARED_STATEMENTS = 200;
// SQLSTATE 0A000, which "cached plan must not change result type" carries.
const FEATURE_NOT_SUPPORTED = "0A000";
const withoutMark = ({ prepare: _mark, ...config }: pg.QueryConfig & { prepare?: boolean }): pg.QueryConfig => config;

/**
 * Runs the statements marked `.options({ prepare: true })` on this connection as named prepared statements:
 * PostgreSQL parses and plans each once per connection instead of on every run, and pg sends only Bind and Execute
 * after the first. Only hot statements with a handful of distinct texts are marked (the session read, the job
 * listing's page), since each name stays prepared for the connection's life. PGlite's client ignores the mark.
 * @param connection a pg connection as knex's pool creates it
 */
function prepareMarkedStatements(connection: pg.Client): void {
  const query = connection.query.bind(connection) as (config: unknown, ...rest: unknown[]) => unknown;
  const marked = (config: unknown): config is pg.QueryConfig & { prepare?: boolean } =>
    typeof config === "object" && config !== null && (config as { prepare?: unknown }).prepare === true;
  // Set once a prepared statement's result no longer matches its table (a migration added a column to jobs while
  // this process ran: PostgreSQL then refuses the plan with "cached plan must not change result type"): from then
  // on this connection runs every statement unnamed, as before, rather than fail until the process restarts.
  let unnamedOnly = false;
  // pg's query has a dozen overloads; this only adds a name to the config object knex passes (always with a
  // callback), and forwards.
  connection.query = ((config: unknown, ...rest: unknown[]) => {
    const callback = rest[0];
    if (!marked(config) || typeof callback !== "function") return query(config, ...rest);
    let name = statementNames.get(config.text);
    if (!name && statementNames.size < MAX_PREPARED_STATEMENTS) statementNames.set(config.text, (name = `forgehire_${statementNames.size + 1}`));
    // Past MAX_PREPARED_STATEMENTS texts (page sizes a client picked, say) a statement runs unnamed: each name costs
    // every connection's backend a cached plan, which no client may make grow without bound.
    if (!name || unnamedOnly) return query(withoutMark(config), callback);
    return query({ ...withoutMark(config), name }, (error: (Error & { code?: string }) | null, result: unknown) => {
      if (error?.code !== FEATURE_NOT_SUPPORTED) return (callback as (error: unknown, result: unknown) => void)(error, result);
      unnamedOnly = true;
      query(withoutMark(config), callback);
    });
  }) as typeof connection.query;
}

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
 * @throws DataDirPermissionError when DATA_DIR (or the socket directory a running server published) is open to
 *   group or others
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
      pool: {
        min: 0,
        max: options.poolSize ?? 10,
        afterCreate: (connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) => {
          prepareMarkedStatements(connection);
          done(null, connection);
        },
      },
      ...(options.logger && { log: knexLog(options.logger) }),
    });
    return { knex, kind: "postgres", close: () => knex.destroy() };
  }

  let lock: DataDirLock | undefined;
  let pglite = options.pglite;
  const dataDir = path.resolve(options.dataDir ?? "./data");
  if (!pglite) {
    ensurePrivateDataDir(dataDir);
    try {
      lock = acquireDataDirLock(dataDir);
    } catch (error) {
      // A running server that shares its embedded database: reach it through its socket instead.
      const shared = error instanceof DataDirBusyError && error.holderPid ? readSharedSocket(dataDir, error.holderPid) : undefined;
      if (!shared) throw error;
      const knex = knexFactory({
        client: "pg",
        connection: { host: shared.host, port: shared.port, user: "postgres", database: "postgres" },
        // The server runs one session: one connection keeps this process's statements in order.
        pool: { min: 0, max: 1 },
      });
      return { knex, kind: "pglite", close: () => knex.destroy() };
    }
    pglite = await createPGlite(path.join(dataDir, "pgdata"));
    await pglite.waitReady;
    // PGlite leaves its initial files 0666 (see tightenTree): private from here on, as are the files it adds.
    tightenTree(path.join(dataDir, "pgdata"));
  }
  const instance = pglite;
  await instance.waitReady;
  const sessionLock = new SessionLock();
  // Imported here, not with this module: a server on PostgreSQL never loads the embedded database's driver.
  const { default: pgliteClient } = await import("knex-pglite");
  const knex = knexFactory({
    client: lockedClient(pgliteClient, sessionLock),
    dialect: "postgres",
    // knex-pglite takes an opened PGlite through a connection function.
    connection: () => ({ pglite: instance }) as object,
  } as Knex.Config);
  let shared: SharedPGlite | undefined;
  return {
    knex,
    kind: "pglite",
    share: async () => (shared = await shareEmbeddedDatabase(instance, sessionLock, dataDir)),
    close: async () => {
      await shared?.stop();
      await knex.destroy();
      if (!instance.closed) await instance.close();
      lock?.release();
    },
  };
}

/**
 * knex-pglite with the session lock taken for as long as knex uses its one connection: a query, or a whole
 * transaction (knex holds the connection from BEGIN to COMMIT).
 */
function lockedClient(pgliteClient: typeof ClientPgLite, sessionLock: SessionLock): typeof ClientPgLite {
  return class LockedPgLiteClient extends (pgliteClient as unknown as new (config: Knex.Config) => Knex.Client) {
    override async acquireConnection() {
      const token = {};
      await sessionLock.acquire(token);
      try {
        const connection = (await super.acquireConnection()) as Record<symbol, unknown>;
        connection[lockToken] = token;
        return connection;
      } catch (error) {
        sessionLock.release(token);
        throw error;
      }
    }

    override async releaseConnection(connection: Record<symbol, unknown>) {
      const token = connection[lockToken];
      // The connection is reused: a second release of this use must not free the next user's session.
      delete connection[lockToken];
      try {
        await super.releaseConnection(connection);
      } finally {
        sessionLock.release(token);
      }
    }
  } as unknown as typeof ClientPgLite;
}

const lockToken = Symbol("forgehire.sessionLock");
