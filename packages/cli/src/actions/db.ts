import { migrateLatest, rollback } from "@forgehire/services";
import { runSeeds } from "../../../../seeds/index.js";
import { withServices } from "../context.js";

/** db:migrate: apply every pending migration. */
export async function dbMigrate(): Promise<void> {
  const names = await withServices((services) => migrateLatest(services.db));
  console.log(names.length ? `Applied ${names.length} migration(s):\n  ${names.join("\n  ")}` : "Already up to date.");
}

/** db:rollback: undo the last batch, or every migration. */
export async function dbRollback(options: { all?: boolean }): Promise<void> {
  const names = await withServices((services) => rollback(services.db, options.all ?? false));
  console.log(names.length ? `Rolled back ${names.length} migration(s):\n  ${names.join("\n  ")}` : "Nothing to roll back.");
}

/** db:seed: the demo, into an empty database only. */
export async function dbSeed(): Promise<void> {
  const result = await withServices(async (services) => {
    await migrateLatest(services.db);
    return runSeeds(services);
  });
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
