import type { Knex } from "knex";

// One AI breakdown asked for and worked by the queue (pg-boss job `breakdown`, inserted in the same transaction):
// what the portal and the CLI follow while the AI answers, and what a restarted process picks up again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("breakdown_runs", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("CASCADE");
    table.uuid("requested_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.text("status").notNullable().defaultTo("queued").checkIn(["queued", "running", "succeeded", "failed"], "breakdown_runs_status_check");
    // {percent, step}: the step is the AI's attempt notice, or queued/saving.
    table.jsonb("progress").notNullable().defaultTo(knex.raw(`'{"percent":0,"step":{"kind":"queued"}}'::jsonb`));
    // {code, message} of the failure, safe to show.
    table.jsonb("error").nullable();
    // {source, storyCount, taskCount} once it succeeded.
    table.jsonb("result").nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("started_at", { useTz: true }).nullable();
    table.timestamp("finished_at", { useTz: true }).nullable();
    table.index(["job_id"], "breakdown_runs_job_id_index");
  });
  // One active run per job: a second request while one waits or runs gets that run back (checked under the job's row
  // lock first; this makes it a rule of the schema).
  await knex.raw(`create unique index breakdown_runs_one_active_per_job on breakdown_runs (job_id) where status in ('queued', 'running')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("breakdown_runs");
}
