import { z } from "zod";
import { completedMigrations, migrateLatest, rollback, rollbackSteps } from "@forgehire/services";
import { runSeeds } from "../../../../seeds/index.js";
import { confirmOrRefuse } from "../confirm.js";
import { withServices } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { parseInput } from "../parse-input.js";

/** db:migrate: apply every pending migration. */
export async function dbMigrate(): Promise<void> {
  const names = await withServices((services) => migrateLatest(services.db), { migrated: false });
  console.log(names.length ? `Applied ${names.length} migration(s):\n  ${names.join("\n  ")}` : "Already up to date.");
}

export interface RollbackOptions {
  all?: boolean;
  step?: string;
  yes?: boolean;
}

/**
 * db:rollback: undoes ONE migration by default (--step N for more, --all for every one), after confirmation on
 * a terminal or --yes without one: a rollback drops tables and their data.
 */
export async function dbRollback(options: RollbackOptions): Promise<void> {
  if (options.all && options.step !== undefined) throw new UsageError("Use --all or --step, not both");
  const { step } = parseInput(z.object({ step: z.coerce.number().int().min(1, "--step must be at least 1").default(1) }), { step: options.step });
  const names = await withServices(
    async (services) => {
      const done = await completedMigrations(services.db);
      const toUndo = (options.all ? done : done.slice(-step)).reverse();
      if (toUndo.length === 0) return [];
      await confirmOrRefuse(`Undo ${toUndo.length} migration(s) (${toUndo.join(", ")})? Their tables and data are dropped.`, options.yes);
      return options.all ? rollback(services.db, true) : rollbackSteps(services.db, step);
    },
    { migrated: false },
  );
  console.log(names.length ? `Rolled back ${names.length} migration(s):\n  ${names.join("\n  ")}` : "Nothing to roll back.");
}

/** db:seed: the demo, into an empty database only. */
export async function dbSeed(): Promise<void> {
  const result = await withServices(
    async (services) => {
      await migrateLatest(services.db);
      return runSeeds(services);
    },
    { migrated: false },
  );
  if (!result.seeded) {
    console.log("The database already has users; the demo was not loaded again.");
    return;
  }
  console.log(formatDemoLogins(result.logins));
}

/** The demo accounts, as printed at first start and after db:seed. */
export function formatDemoLogins(logins: Array<{ role: string; email: string; password: string }>): string {
  const width = Math.max(...logins.map((login) => login.email.length));
  return ["Demo accounts:", ...logins.map((l) => `  ${l.role.padEnd(11)} ${l.email.padEnd(width)}  password: ${l.password}`)].join("\n");
}
