import type { Knex } from "knex";

// At most one applied (succeeded) payment per job, whatever the code does (money-2). Any older doubled success is
// first flagged for refund, keeping the earliest one, so the index can be built on a database that already has some.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    update payments set status = 'needs_refund', refund_reason = 'already_paid'
    where status = 'succeeded' and exists (
      select 1 from payments earlier
      where earlier.job_id = payments.job_id and earlier.status = 'succeeded'
        and (earlier.created_at, earlier.id) < (payments.created_at, payments.id)
    )`);
  await knex.raw("create unique index payments_one_success_per_job on payments (job_id) where status = 'succeeded'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index payments_one_success_per_job");
}
