import { afterAll, beforeAll, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../index.js";
import { openTestDatabase } from "../testing/index.js";
import { adminListsRepository } from "./admin-lists.js";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * The plans of the statements a repository call runs, with sequential scans priced out, so that what is left shows
 * which indexes the statements can use at all (on a small table the planner would rightly scan instead).
 */
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
      // The reported SQL is already positional ($1, $2, ... in binding order); knex.raw wants `?`.
      const result = (await trx.raw(`explain ${sql.replace(/\$\d+/g, "?")}`, bindings as Knex.RawBinding[])) as { rows: Array<{ "QUERY PLAN": string }> };
      plans.push(result.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return plans;
  });
}

const first = { offset: 0, limit: 25 };

it("the back office's cross-job lists read their default order from an index, not a sort of the table", async () => {
  const [, stories] = await plansOf((db) => adminListsRepository.listStories(db, {}, { sort: "createdAt", order: "desc", ...first }));
  expect(stories).toContain("requirement_tasks_type_created_at_index");
  const [, tasks] = await plansOf((db) => adminListsRepository.listTasks(db, {}, { sort: "createdAt", order: "desc", ...first }));
  expect(tasks).toContain("requirement_tasks_type_created_at_index");
  const [, requests] = await plansOf((db) => adminListsRepository.listChangeRequests(db, {}, { sort: "createdAt", order: "desc", ...first }));
  expect(requests).toContain("job_change_requests_created_at_index");
  const [, emails] = await plansOf((db) => adminListsRepository.listEmails(db, {}, { sort: "createdAt", order: "desc", ...first }));
  expect(emails).toContain("emails_created_at_index");
  const [, rooms] = await plansOf((db) => adminListsRepository.listChatRooms(db, {}, { sort: "lastMessageAt", order: "desc", ...first }));
  expect(rooms).toContain("chat_rooms_activity_index");
  const [, messages] = await plansOf((db) => adminListsRepository.listMessages(db, { roomId: "r" }, { sort: "id", order: "asc", ...first }));
  expect(messages).toContain("messages_room_id_id_index");
});

it("the back office's searches can use the trigram indexes of the searched columns", async () => {
  // Many stories, so the planner must prefer the trigram indexes to the index on (type, created_at).
  const db = database.knex;
  const [owner] = (await db("users")
    .insert({ email: "owner@example.test", password_hash: "x", first_name: "O", last_name: "Wner", user_type: "client", role_type: "job_poster" })
    .returning("id")) as Array<{ id: string }>;
  const [job] = (await db("jobs")
    .insert({ title: "Big", description: "Big", industry: "Others", scope: 50, budget: 50, owner_id: owner!.id })
    .returning("id")) as Array<{ id: number }>;
  await db.raw(
    `insert into requirement_tasks (job_id, type, title, description)
     select ?, 'story', 'Story ' || n, 'About booking number ' || n from generate_series(1, 3000) as n`,
    [job!.id],
  );
  // VACUUM also moves the rows from the GIN indexes' pending list into the indexes, as autovacuum would.
  await db.raw("vacuum analyze requirement_tasks");
  const [stories] = await plansOf((db) => adminListsRepository.listStories(db, { q: "cart" }, { sort: "createdAt", order: "desc", ...first }));
  expect(stories).toContain("requirement_tasks_title_trgm_index");
  expect(stories).toContain("requirement_tasks_description_trgm_index");
  const [requests] = await plansOf((db) => adminListsRepository.listChangeRequests(db, { q: "cart" }, { sort: "createdAt", order: "desc", ...first }));
  expect(requests).toContain("job_change_requests_description_trgm_index");
  const [messages] = await plansOf((db) => adminListsRepository.listMessages(db, { q: "cart" }, { sort: "id", order: "desc", ...first }));
  expect(messages).toContain("messages_content_trgm_index");
  const [emails] = await plansOf((db) => adminListsRepository.listEmails(db, { q: "cart" }, { sort: "createdAt", order: "desc", ...first }));
  expect(emails).toContain("emails_to_address_trgm_index");
  expect(emails).toContain("emails_subject_trgm_index");
});
