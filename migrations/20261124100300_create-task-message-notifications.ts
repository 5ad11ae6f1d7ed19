import type { Knex } from "knex";

// When a task-message e-mail was last sent to a recipient for a task: at most one per task per 10 minutes, as for
// chat rooms (chat_notifications).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("task_message_notifications", (table) => {
    table.uuid("task_id").notNullable().references("id").inTable("requirement_tasks").onDelete("CASCADE");
    table.uuid("recipient_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    table.timestamp("last_sent_at", { useTz: true }).notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(["task_id", "recipient_id"], { constraintName: "task_message_notifications_pkey" });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("task_message_notifications");
}
