import type { Knex } from "knex";

// The back office lists every change request across jobs, newest first.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create index job_change_requests_created_at_index on job_change_requests (created_at desc, id desc)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists job_change_requests_created_at_index");
}
