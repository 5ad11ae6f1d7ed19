import type { Knex } from "knex";

// Stories and their tasks in one table: a story has no story_id, a task has one.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("requirement_tasks", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("CASCADE");
    table.uuid("story_id").nullable();
    table.text("type").notNullable().checkIn(["story", "task"], "requirement_tasks_type_check");
    table.text("title").notNullable();
    table.text("description").notNullable().defaultTo("");
    table.text("priority").notNullable().defaultTo("medium").checkIn(["high", "medium", "low"], "requirement_tasks_priority_check");
    table.text("status").notNullable().defaultTo("todo").checkIn(["todo", "in_progress", "clarification", "done"], "requirement_tasks_status_check");
    table.boolean("locked").notNullable().defaultTo(false);
    table.text("comment").nullable();
    table.decimal("estimate_hours", 6, 1).nullable();
    table.integer("position").notNullable().defaultTo(0);
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("(type = 'story') = (story_id is null)", undefined, "requirement_tasks_story_id_check");
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("title ~ '[^[:space:]]'", undefined, "requirement_tasks_title_check");
    table.check("estimate_hours >= 0", undefined, "requirement_tasks_estimate_hours_check");
    // Referenced together with the id so that a task's story, and a task message's task, belong to the same
    // job as the row pointing at them.
    table.unique(["job_id", "id"], { indexName: "requirement_tasks_job_id_id_unique" });
    table.foreign(["job_id", "story_id"], "requirement_tasks_story_id_foreign").references(["job_id", "id"]).inTable("requirement_tasks").onDelete("CASCADE");
    // A job's stories (or tasks) in creation order; a story's tasks in creation order.
    table.index(["job_id", "type", "created_at"], "requirement_tasks_job_id_type_created_at_index");
    table.index(["story_id", "created_at"], "requirement_tasks_story_id_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("requirement_tasks");
}
