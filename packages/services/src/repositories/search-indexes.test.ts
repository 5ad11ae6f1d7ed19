import { afterAll, beforeAll, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../index.js";
import { openTestDatabase } from "../testing/index.js";
import { freelancersRepository } from "./freelancers.js";
import { jobsRepository } from "./jobs.js";
import { usersRepository } from "./users.js";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * The plans of the statements a repository call runs, with sequential scans priced out, so that what is left shows
 * which indexes the statements can use at all (on a small table the planner would rightly scan instead); with
 * `asPlanned`, the planner's own choice.
 */
async function plansOf(run: (db: Knex) => Promise<unknown>, options: { asPlanned?: boolean } = {}): Promise<string[]> {
  return database.knex.transaction(async (trx) => {
    if (!options.asPlanned) await trx.raw("set local enable_seqscan = off");
    const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    const listener = (query: { sql: string; bindings?: readonly unknown[] }) => {
      if (query.sql.trim().toLowerCase().startsWith("select")) statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
    };
    database.knex.on("query", listener);
    try {
      await run(trx);
    } finally {
      database.knex.off("query", listener);
    }
    const plans: string[] = [];
    for (const { sql, bindings } of statements) {
      // The reported SQL is already positional ($1, $2, ... in binding order); knex.raw wants `?`.
      const result = (await trx.raw(`explain ${sql.replace(/\$\d+/g, "?")}`, bindings as Knex.RawBinding[])) as { rows: Array<{ "QUERY PLAN": string }> };
      plans.push(result.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return plans;
  });
}

/** A client with `count` live jobs titled `<title> <n>`, one a second apart, the newest now. */
async function insertJobs(email: string, count: number, title: string): Promise<void> {
  const [owner] = (await database
    .knex("users")
    .insert({ email, password_hash: "x", first_name: "O", last_name: "Wner", user_type: "client", role_type: "job_poster" })
    .returning("id")) as Array<{ id: string }>;
  await database.knex.raw(
    `insert into jobs (title, description, industry, scope, budget, owner_id, created_at)
     select ? || ' ' || n, 'A booking application, number ' || n, 'Others', 50, 50, ?, now() - n * interval '1 second'
     from generate_series(1, ?) as n`,
    [title, owner!.id, count],
  );
}

it("the job search uses the trigram indexes on title and description once there are many jobs", async () => {
  // Live jobs are many, so the planner must prefer the trigram indexes to the partial index on live jobs.
  await insertJobs("owner@example.test", 3000, "Booking app");
  // VACUUM also moves the rows from the GIN indexes' pending list into the indexes, as autovacuum would.
  await database.knex.raw("vacuum analyze jobs");
  const [count] = await plansOf((db) => jobsRepository.listLive(db, { q: "inventory", offset: 0, limit: 24 }));
  expect(count).toContain("jobs_title_trgm_index");
  expect(count).toContain("jobs_description_trgm_index");
});

it("the back office's user search can use the trigram indexes on email and names", async () => {
  const [count] = await plansOf((db) => usersRepository.list(db, { q: "carla", sort: "createdAt", order: "desc", offset: 0, limit: 25 }));
  for (const index of ["users_email_trgm_index", "users_first_name_trgm_index", "users_last_name_trgm_index"]) expect(count).toContain(index);
});

it("the freelancer directory's search can use the trigram indexes on every searched field", async () => {
  const [count] = await plansOf((db) => freelancersRepository.search(db, { q: "voice", offset: 0, limit: 24 }));
  for (const field of ["name", "title", "bio", "skills", "domains"]) expect(count).toContain(`freelancers_${field}_trgm_index`);
});

it("the job listing's first page and a deep page by cursor read a page's worth of the live-jobs index at 100,000 jobs, not the table", async () => {
  await insertJobs("many@example.test", 100_000, "Listed job");
  await database.knex.raw("analyze jobs");
  const first = await jobsRepository.listLive(database.knex, { offset: 0, limit: 24 });
  const deep = { key: "2026-01-01T00:00:00.000000Z", id: 50_000 };
  for (const after of [undefined, first.next!, deep]) {
    // The page itself (the first statement): a count, when there is one, is cached for the listing.
    const [page] = await plansOf((db) => jobsRepository.listLive(db, { offset: 0, limit: 24, after }), { asPlanned: true });
    expect(page).toMatch(/Index (Only )?Scan using jobs_live_created_at_index/);
    expect(page).not.toMatch(/Seq Scan on jobs|Sort Key: j_1\.created_at/);
  }
  // 100,000 rows into a table with trigram indexes take a while on the embedded database.
}, 180_000);
