import type { Knex } from "knex";

// Each user may turn off the notification e-mails: job updates (paid, started, completed) and unread task messages.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.boolean("email_job_updates").notNullable().defaultTo(true);
    table.boolean("email_task_messages").notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.dropColumn("email_job_updates");
    table.dropColumn("email_task_messages");
  });
}
