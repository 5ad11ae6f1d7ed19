import { afterAll, beforeAll, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../index.js";
import { openTestDatabase } from "../testing/index.js";
import { freelancersRepository } from "./freelancers.js";
import { reviewsRepository } from "./reviews.js";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The plans of the selects a repository call runs, sequential scans priced out (see search-indexes.test.ts). */
async function plansOf(run: (db: Knex) => Promise<unknown>): Promise<string[]> {
  return database.knex.transaction(async (trx) => {
    await trx.raw("set local enable_seqscan = off");
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
      const result = (await trx.raw(`explain ${sql.replace(/\$\d+/g, "?")}`, bindings as Knex.RawBinding[])) as { rows: Array<{ "QUERY PLAN": string }> };
      plans.push(result.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return plans;
  });
}

const someone = "00000000-0000-4000-8000-000000000001";

it("[reviews-9] [reviews-10] a profile's published reviews, its rating and the directory's rating read the partial index of published, visible reviews", async () => {
  const now = new Date();
  const [list] = await plansOf((db) => reviewsRepository.publishedForSubject(db, someone, now, { limit: 11 }));
  expect(list).toContain("reviews_subject_published_index");
  const [rating] = await plansOf((db) => reviewsRepository.ratingOf(db, someone, now));
  expect(rating).toContain("reviews_subject_published_index");
  const [, directory] = await plansOf((db) => freelancersRepository.search(db, { offset: 0, limit: 24, now, sort: "rating", minRating: 4 }));
  expect(directory).toContain("reviews_subject_published_index");
});
