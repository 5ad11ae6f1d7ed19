import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPGlite, openDatabase, type Database } from "../index.js";
import { adminUrl, databaseUrlFor } from "./pg-urls.js";

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the template dump, or, when
 * TEST_DATABASE_URL is set, a PostgreSQL database cloned from the template (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  const template = inject("pgTemplate");
  if (base && template) {
    const name = `${template}_f${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: databaseUrlFor(base, name), poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl(base) });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  const pglite = await createPGlite(undefined, { loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite });
}
