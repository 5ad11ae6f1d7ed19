import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateLatest, pendingMigrations, rollback, type Database } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";
import { migrationSource } from "./index.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function tableNames(): Promise<string[]> {
  const result = await database.knex.raw("select tablename from pg_tables where schemaname = current_schema() order by tablename");
  return (result.rows as Array<{ tablename: string }>).map((r) => r.tablename);
}

it("a fresh database has every migration applied and none pending", async () => {
  const all = await migrationSource.getMigrations([]);
  expect(all.length).toBeGreaterThan(0);
  expect(await pendingMigrations(database.knex)).toEqual([]);
});

it("rolling everything back leaves only knex's own tables, and migrating again restores the schema", async () => {
  const before = await tableNames();
  const undone = await rollback(database.knex, true);
  expect(undone.length).toBe((await migrationSource.getMigrations([])).length);
  expect(await tableNames()).toEqual(["knex_migrations", "knex_migrations_lock"]);
  await migrateLatest(database.knex);
  expect(await tableNames()).toEqual(before);
});

it("refuses a second live job with the same title for one owner, whatever the case", async () => {
  const [user] = await database
    .knex("users")
    .insert({ email: "dup@example.test", password_hash: "x", first_name: "D", last_name: "Up", user_type: "client", role_type: "job_poster" })
    .returning("id");
  const job = { description: "d", industry: "Others", scope: 50, budget: 50, owner_id: user.id };
  await database.knex("jobs").insert({ ...job, title: "My Shop" });
  await expect(database.knex("jobs").insert({ ...job, title: "MY SHOP" })).rejects.toMatchObject({ code: "23505" });
  await expect(database.knex("jobs").insert({ ...job, title: "Other", status: "archived" })).rejects.toMatchObject({ code: "23514" });
});
