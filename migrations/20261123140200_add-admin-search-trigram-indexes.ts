import type { Knex } from "knex";

// The back office's search boxes match words anywhere (ILIKE '%word%'): trigram GIN indexes serve them, one per
// searched expression so that an OR of them can still use a bitmap of indexes. pg_trgm is created by
// 20261122092200.
const indexes = [
  { name: "requirement_tasks_title_trgm_index", table: "requirement_tasks", expression: "title" },
  { name: "requirement_tasks_description_trgm_index", table: "requirement_tasks", expression: "description" },
  { name: "job_change_requests_description_trgm_index", table: "job_change_requests", expression: "description" },
  { name: "messages_content_trgm_index", table: "messages", expression: "content" },
  { name: "emails_to_address_trgm_index", table: "emails", expression: "to_address" },
  { name: "emails_subject_trgm_index", table: "emails", expression: "subject" },
];

export async function up(knex: Knex): Promise<void> {
  for (const { name, table, expression } of indexes) {
    await knex.raw(`create index ${name} on ${table} using gin (${expression} gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { name } of [...indexes].reverse()) await knex.raw(`drop index if exists ${name}`);
}
