import type { Knex } from "knex";

// The back office's money screens (issue 18): deliveries in other states than in review are listed per state by
// when they were submitted (the in-review list reads requirement_tasks_review_due_at_index), and ledger
// transactions are filtered by kind newest first (by job: ledger_transactions_job_id_id_index).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index requirement_tasks_story_delivery_status_index on requirement_tasks (delivery_status, submitted_at) where type = 'story'`);
  await knex.raw(`create index ledger_transactions_kind_id_index on ledger_transactions (kind, id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ledger_transactions_kind_id_index`);
  await knex.raw(`drop index if exists requirement_tasks_story_delivery_status_index`);
}
