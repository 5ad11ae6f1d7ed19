import type { Knex } from "knex";

// The notification centre's new e-mail switches (each on unless turned off): a freelancer's story approved or sent
// back, and chat messages (until now always e-mailed, throttled to one per room every 10 minutes).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.boolean("email_story_reviews").notNullable().defaultTo(true);
    table.boolean("email_chat_messages").notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.dropColumn("email_story_reviews");
    table.dropColumn("email_chat_messages");
  });
}
