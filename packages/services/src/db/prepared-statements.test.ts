import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "./database.js";
import { openTestDatabase } from "../testing/index.js";
import { jobsRepository } from "../repositories/jobs.js";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

// PGlite runs no named statements (its client ignores the mark): only PostgreSQL has something to show here.
it("a listing prepared before a migration added a column to jobs still answers after it (PostgreSQL)", async () => {
  if (database.kind !== "postgres") return;
  const [owner] = (await database
    .knex("users")
    .insert({ email: "prepared@example.test", password_hash: "x", first_name: "Pre", last_name: "Pared", user_type: "client", role_type: "job_poster" })
    .returning("id")) as Array<{ id: string }>;
  await database.knex("jobs").insert({ title: "Prepared", description: "A job.", industry: "Others", scope: 50, budget: 50, owner_id: owner!.id });
  // Enough runs on every pooled connection for each to hold the statement prepared (and a generic plan).
  const list = () => Promise.all(Array.from({ length: 20 }, () => jobsRepository.listLive(database.knex, { offset: 0, limit: 24 })));
  await list();
  await database.knex.raw("alter table jobs add column prepared_test text");
  try {
    for (const page of await list()) expect(page.rows.map((job) => job.title)).toEqual(["Prepared"]);
  } finally {
    await database.knex.raw("alter table jobs drop column prepared_test");
  }
});
