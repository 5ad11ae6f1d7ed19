import type { Knex } from "knex";
import { migrationNames, migrationSource } from "../../../../migrations/index.js";
import { isPgError, pgCodes } from "./errors.js";

const config = { migrationSource } satisfies Knex.MigratorConfig;

/**
 * Brings the schema up to date.
 * @param knex the database
 * @returns the names of the migrations that ran
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, names] = (await knex.migrate.latest(config)) as [number, string[]];
  return names;
}

/**
 * Undoes the last batch of migrations, or all of them.
 * @param knex the database
 * @param all whether to undo every batch
 * @returns the names of the migrations undone
 */
export async function rollback(knex: Knex, all = false): Promise<string[]> {
  const [, names] = (await knex.migrate.rollback(config, all)) as [number, string[]];
  return names;
}

/**
 * Whether every migration has run (readiness, checked by every /readyz and at start): the folder's names against
 * knex's table in one statement. knex.migrate.list would import every migration's module and check its tables first.
 * @param knex the database
 * @returns the names of migrations still pending, in the order they apply
 */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  let applied: Set<string>;
  try {
    applied = new Set((await knex("knex_migrations").select<Array<{ name: string }>>("name")).map((row) => row.name));
  } catch (error) {
    // A database never migrated has no table yet: everything is pending.
    if (!isPgError(error, pgCodes.undefinedTable)) throw error;
    applied = new Set();
  }
  return migrationNames.filter((name) => !applied.has(name));
}

/**
 * The migrations that have run, oldest first.
 * @param knex the database
 */
export async function completedMigrations(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable("knex_migrations"))) return [];
  const [completed] = (await knex.migrate.list(config)) as [Array<{ name: string } | string>, unknown[]];
  return completed.map((entry) => (typeof entry === "string" ? entry : entry.name));
}

/**
 * Undoes the last `steps` migrations, newest first, one at a time.
 * @param knex the database
 * @param steps how many
 * @returns the names of the migrations undone
 */
export async function rollbackSteps(knex: Knex, steps: number): Promise<string[]> {
  const undone: string[] = [];
  for (let i = 0; i < steps; i++) {
    const [, names] = (await knex.migrate.down(config)) as [number, string[]];
    if (names.length === 0) break;
    undone.push(...names);
  }
  return undone;
}
