import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The embedded database with the extensions the migrations use (pg_trgm, for the search indexes). Every PGlite
 * the app, the tests and the benchmarks open comes from here, so a migrated data dir always finds them.
 * @param dataDir where the files live; none keeps the database in memory
 * @param options further PGlite options, e.g. a template dump to load
 */
export function createPGlite(dataDir?: string, options: Omit<PGliteOptions, "extensions"> = {}): PGlite {
  return new PGlite({ ...options, ...(dataDir !== undefined && { dataDir }), extensions: { pg_trgm } });
}
