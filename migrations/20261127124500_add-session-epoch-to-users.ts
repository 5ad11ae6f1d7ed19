import type { Knex } from "knex";

// A session records the account's epoch when it signs in; disabling the account or changing its type moves the
// epoch on, so every session begun before (even one stored while the change ran) stops signing anyone in, on every
// read, whether or not its row was deleted.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.integer("session_epoch").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.dropColumn("session_epoch");
  });
}
