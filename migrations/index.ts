import { readdirSync } from "node:fs";
import type { Knex } from "knex";

/** One schema change: its name (recorded in knex_migrations, so never rename one that has shipped) and steps. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// The migrations are the files of this folder, found rather than listed by hand (engineers adding migrations on
// parallel branches then never collide on a list): the TypeScript sources in development (tsx, vitest), the .js
// that scripts/build-server.mjs compiles beside the compiled copy of this loader in production.
const folder = new URL("./", import.meta.url);
const extension = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
const migrationName = /^\d{14}_[a-z0-9][a-z0-9-]*$/;

function discover(): string[] {
  const names: string[] = [];
  for (const file of readdirSync(folder)) {
    if (!file.endsWith(extension) || file.endsWith(`.d${extension}`)) continue;
    const name = file.slice(0, -extension.length);
    if (name === "index" || name.endsWith(".test")) continue;
    // A misnamed file would otherwise be skipped in silence and its change never applied.
    if (!migrationName.test(name)) throw new Error(`migrations/${file}: a migration's name is YYYYMMDDHHMMSS_what-it-does`);
    names.push(name);
  }
  // The timestamp prefix orders them; knex applies them in this order.
  return names.sort();
}

/** The names of the migrations in the folder, in the order they apply. */
export const migrationNames: readonly string[] = discover();

/** The schema's migrations for `knex.migrate.*({ migrationSource })`, in the order they apply. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: () =>
    Promise.all(
      migrationNames.map(async (name): Promise<Migration> => {
        const steps = (await import(new URL(name + extension, folder).href)) as Pick<Migration, "up" | "down">;
        return { name, up: steps.up, down: steps.down };
      }),
    ),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve({ up: migration.up, down: migration.down }),
};

/** The name of the newest migration, for a readiness check. */
export const latestMigrationName: string = migrationNames[migrationNames.length - 1] ?? "";
