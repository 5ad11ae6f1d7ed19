import type { Knex } from "knex";

// Messages about one task between the job's owner, its freelancer and admins. attachments is a JSON array of
// {name, url, type, size}.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("task_communications", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("task_id").notNullable();
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("CASCADE");
    // SET NULL: the thread survives a removed account; the message then shows 'Unknown User'.
    table.uuid("sender_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.text("content").notNullable().defaultTo("");
    table.jsonb("attachments").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The task must belong to the job the message is filed under.
    table.foreign(["job_id", "task_id"], "task_communications_task_id_foreign").references(["job_id", "id"]).inTable("requirement_tasks").onDelete("CASCADE");
    table.check("jsonb_typeof(attachments) = 'array'", undefined, "task_communications_attachments_check");
    // A message needs non-blank text or at least one file. CASE because jsonb_array_length raises on a
    // non-array; the regex, not trim() (which strips only spaces), so tabs and newlines alone count as blank.
    table.check(
      "case when jsonb_typeof(attachments) = 'array'" + " then content ~ '[^[:space:]]' or jsonb_array_length(attachments) > 0 else false end",
      undefined,
      "task_communications_content_check",
    );
    // A task's thread in order (and its message count); a job's threads.
    table.index(["task_id", "created_at"], "task_communications_task_id_created_at_index");
    table.index(["job_id"], "task_communications_job_id_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("task_communications");
}
