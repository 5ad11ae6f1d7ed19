import type { Knex } from "knex";

// E-mails are delivered by the queue: how many deliveries were tried (the last one's reason stays in `error`), so
// the back office and `emails:list` show a message that is still being retried apart from one that gave up.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("emails", (table) => {
    table.integer("attempts").notNullable().defaultTo(0);
    table.check("attempts >= 0", undefined, "emails_attempts_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("emails", (table) => {
    table.dropChecks(["emails_attempts_check"]);
    table.dropColumn("attempts");
  });
}
