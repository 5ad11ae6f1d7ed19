import type { Knex } from "knex";

// An append-only history of what happened to a job and who did it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("job_activity", (table) => {
    table.bigIncrements("id");
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("CASCADE");
    table.uuid("actor_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table
      .text("action")
      .notNullable()
      .checkIn(
        ["created", "updated", "deleted", "breakdown", "lock", "unlock", "start", "complete", "change_request", "payment_pending", "paid", "payment_failed"],
        "job_activity_action_check",
      );
    table.jsonb("details").notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("jsonb_typeof(details) = 'object'", undefined, "job_activity_details_check");
    table.index(["job_id", "created_at"], "job_activity_job_id_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("job_activity");
}
