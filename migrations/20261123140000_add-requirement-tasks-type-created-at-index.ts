import type { Knex } from "knex";

// The back office lists every story (or every task) across jobs, newest first: one index in that order, so a
// page is an index range and not a sort of the whole table.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create index requirement_tasks_type_created_at_index on requirement_tasks (type, created_at desc, id desc)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists requirement_tasks_type_created_at_index");
}
