import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

/**
 * PostgreSQL settings of the embedded database, beyond PGlite's own. shared_buffers: PostgreSQL's default of 128 MB
 * is touched as the database starts, so it is resident from the first second, and a WebAssembly memory never gives
 * pages back; 16 MB holds the hot pages of a database the size the embedded mode is for (10,000 jobs: the listing
 * ran as fast in the bench), and a page outside it is one read of the data dir's file away (issue 13: the
 * PGlite-backed server was 2.75× the PostgreSQL-backed one's resident memory).
 */
const settings = ["shared_buffers=16MB"];

/**
 * The embedded database with the extensions the migrations use (pg_trgm, for the search indexes) and our settings.
 * Every PGlite the app, the tests and the benchmarks open comes from here, so a migrated data dir always finds them.
 * @param dataDir where the files live; none keeps the database in memory
 * @param options further PGlite options, e.g. a template dump to load
 */
export async function createPGlite(dataDir?: string, options: Omit<PGliteOptions, "extensions" | "startParams"> = {}): Promise<PGlite> {
  // Imported here, not with this module: a server on PostgreSQL never loads the embedded database.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  return new PGlite({
    ...options,
    ...(dataDir !== undefined && { dataDir }),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ["-c", setting])],
  });
}
