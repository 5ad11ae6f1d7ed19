import type { Knex } from "knex";
import { migrationSource } from "../../../../migrations/index.js";

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
 * Whether every migration has run (readiness).
 * @param knex the database
 * @returns the names of migrations still pending
 */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list(config)) as [unknown[], Array<{ file?: string; name?: string } | string>];
  return pending.map((entry) => (typeof entry === "string" ? entry : (entry.name ?? entry.file ?? "?")));
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
