import type { Knex } from "knex";

// Change requests on a locked or started job. story_id is the 'Change Request Implementation' story made
// for it, linked after the story is created.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("job_change_requests", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("CASCADE");
    // SET NULL: the request stays on the job's record when the account that made it is removed.
    table.uuid("requested_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.text("description").notNullable();
    table.text("status").notNullable().defaultTo("pending").checkIn(["pending", "accepted", "rejected", "done"], "job_change_requests_status_check");
    table.uuid("story_id").nullable().references("id").inTable("requirement_tasks").onDelete("SET NULL");
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("description ~ '[^[:space:]]'", undefined, "job_change_requests_description_check");
    table.index(["job_id", "created_at"], "job_change_requests_job_id_created_at_index");
  });
  // Deleting a story looks up the requests pointing at it (ON DELETE SET NULL).
  await knex.raw(`create index job_change_requests_story_id_index on job_change_requests (story_id) where story_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("job_change_requests");
}
