import type { Knex } from "knex";

// A story's delivery carries files (POST /api/stories/:id/submit, multipart): their rows are `files` of kind
// 'delivery_file' keyed by the story (task_id is any backlog item), and the story lists those of its latest
// submission, as it does its note and links. The reminder before a review deadline is sent once per submission:
// review_reminder_for holds the submission (its submitted_at) it was sent for, claimed by a conditional update.
const kinds = ["job_attachment", "task_attachment", "avatar", "portfolio_document", "portfolio_image"];

async function setFileKinds(knex: Knex, list: string[]): Promise<void> {
  await knex.raw(`alter table files drop constraint files_kind_check`);
  // Literals, not bindings: DDL takes no parameters (the list is this file's own constants).
  await knex.raw(`alter table files add constraint files_kind_check check (kind in (${list.map((kind) => `'${kind}'`).join(", ")}))`);
}

export async function up(knex: Knex): Promise<void> {
  await setFileKinds(knex, [...kinds, "delivery_file"]);
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.jsonb("delivery_files").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.timestamp("review_reminder_for", { useTz: true }).nullable();
    table.check("jsonb_typeof(delivery_files) = 'array'", undefined, "requirement_tasks_delivery_files_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.dropChecks(["requirement_tasks_delivery_files_check"]);
    table.dropColumn("delivery_files");
    table.dropColumn("review_reminder_for");
  });
  await knex("files").where({ kind: "delivery_file" }).delete();
  await setFileKinds(knex, kinds);
}
