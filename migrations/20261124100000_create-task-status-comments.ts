import type { Knex } from "knex";

// Every comment saved with a task's status (PATCH /api/tasks/:id/status), so the client's note no longer replaces
// the freelancer's question: requirement_tasks.comment stays as the latest one, for the task object's `comment`.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("task_status_comments", (table) => {
    // bigserial: ids grow with insertion, so "older than this id" pages exactly.
    table.bigIncrements("id").primary();
    table.uuid("task_id").notNullable().references("id").inTable("requirement_tasks").onDelete("CASCADE");
    // SET NULL: the history survives a removed account (shown without a name); backfilled rows have no author.
    table.uuid("author_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    // The task's status once the request that carried the comment was applied.
    table.text("status").notNullable().checkIn(["todo", "in_progress", "clarification", "done"], "task_status_comments_status_check");
    table.text("comment").notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The regex, not trim() (which strips only spaces): a blank comment is no comment and is never stored.
    table.check("comment ~ '[^[:space:]]'", undefined, "task_status_comments_comment_check");
    // A task's thread in order.
    table.index(["task_id", "created_at"], "task_status_comments_task_id_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("task_status_comments");
}
