import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateLatest, rollbackSteps, type Database } from "@forgehire/services";
import { openTestDatabase } from "@forgehire/services/testing";
import { migrationSource } from "./index.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("add-story-delivery: stories of completed jobs become approved (by the system, when the job completed), the others building", async () => {
  const knex = database.knex;
  const names = (await migrationSource.getMigrations([])).map((migration) => migrationSource.getMigrationName(migration));
  // Undo this migration and any that came after it, to see it applied to rows that existed before it.
  const steps = names.length - names.indexOf("20261127160100_add-story-delivery");
  expect(steps).toBeGreaterThan(0);
  await rollbackSteps(knex, steps);
  const [user] = await knex("users")
    .insert({ email: "delivery@example.test", password_hash: "x", first_name: "D", last_name: "L", user_type: "client", role_type: "job_poster" })
    .returning("id");
  const completedAt = new Date("2026-10-01T12:00:00.000Z");
  const job = { description: "d", industry: "Others", scope: 50, budget: 50, owner_id: user.id };
  const [done] = await knex("jobs")
    .insert({ ...job, title: "Done", status: "completed", started_at: completedAt, completed_at: completedAt, locked: true, payment_status: "paid" })
    .returning("id");
  const [going] = await knex("jobs")
    .insert({ ...job, title: "Going", status: "in_progress", started_at: completedAt, locked: true, payment_status: "paid" })
    .returning("id");
  const story = (jobId: number) => ({ job_id: jobId, type: "story", title: "S", description: "", priority: "medium", position: 0 });
  const [doneStory] = await knex("requirement_tasks").insert(story(done.id)).returning("id");
  const [goingStory] = await knex("requirement_tasks").insert(story(going.id)).returning("id");
  await migrateLatest(knex);

  const row = async (id: string) => knex("requirement_tasks").where({ id }).first();
  expect(await row(doneStory.id)).toMatchObject({ delivery_status: "approved", approved_by: "system", revision_count: 0 });
  expect(new Date((await row(doneStory.id)).approved_at).toISOString()).toBe(completedAt.toISOString());
  expect(await row(goingStory.id)).toMatchObject({ delivery_status: "building", approved_at: null, approved_by: null });
  // An approved story without its approver, or an unknown status, is refused by the table itself.
  await expect(knex("requirement_tasks").where({ id: goingStory.id }).update({ delivery_status: "approved" })).rejects.toMatchObject({ code: "23514" });
  await expect(knex("requirement_tasks").where({ id: goingStory.id }).update({ delivery_status: "shipped" })).rejects.toMatchObject({ code: "23514" });
});
