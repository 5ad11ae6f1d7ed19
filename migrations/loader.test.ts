import { readdirSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";
import { latestMigrationName, migrationNames, migrationSource } from "./index.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

// Listed here independently of the loader: every YYYYMMDDHHMMSS_name.ts of the folder.
const files = readdirSync(new URL("./", import.meta.url))
  .filter((file) => /^\d{14}_.+\.ts$/.test(file) && !file.endsWith(".test.ts"))
  .map((file) => file.slice(0, -".ts".length))
  .sort();

it("the loader finds every migration file of the folder, oldest first, each with up and down", async () => {
  expect(files.length).toBeGreaterThan(0);
  expect(migrationNames).toEqual(files);
  const loaded = await migrationSource.getMigrations([]);
  expect(loaded.map((m) => m.name)).toEqual(files);
  for (const migration of loaded) {
    expect(typeof migration.up, migration.name).toBe("function");
    expect(typeof migration.down, migration.name).toBe("function");
  }
  expect(latestMigrationName).toBe(files[files.length - 1]);
});

it("a migrated database has applied exactly the files of the folder: each one, and none that has no file", async () => {
  const applied = (await database.knex("knex_migrations").orderBy("id").pluck("name")) as string[];
  expect(applied).toEqual(files);
});
