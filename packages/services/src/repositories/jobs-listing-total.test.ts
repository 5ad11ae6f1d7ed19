import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../index.js";
import { openTestDatabase } from "../testing/index.js";
import { jobsRepository } from "./jobs.js";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const [owner] = (await database
    .knex("users")
    .insert({ email: "owner@example.test", password_hash: "x", first_name: "O", last_name: "Wner", user_type: "client", role_type: "job_poster" })
    .returning("id")) as Array<{ id: string }>;
  await database.knex.raw(
    `insert into jobs (title, description, industry, scope, budget, owner_id, created_at)
     select 'Job ' || n, 'A booking application, number ' || n, 'Others', 50, 50, ?, now() - n * interval '1 second'
     from generate_series(1, 30) as n`,
    [owner!.id],
  );
});
afterAll(async () => {
  await database?.close();
});

it("requests that find the listing's cached total missing share one count(*) (issue 13)", async () => {
  const counts: string[] = [];
  const listener = (query: { sql: string }) => {
    if (/count\(/i.test(query.sql)) counts.push(query.sql);
  };
  database.knex.on("query", listener);
  try {
    // Ten requests in flight when the total has expired: under load on PGlite, ten count(*)s one after the other.
    const pages = await Promise.all(Array.from({ length: 10 }, () => jobsRepository.listLive(database.knex, { offset: 0, limit: 5, cachedTotal: true })));
    expect(pages.map((page) => page.total)).toEqual(Array.from({ length: 10 }, () => 30));
    expect(counts).toHaveLength(1);
    // Cached from then on.
    await jobsRepository.listLive(database.knex, { offset: 0, limit: 5, cachedTotal: true });
    expect(counts).toHaveLength(1);
  } finally {
    database.knex.off("query", listener);
  }
});
