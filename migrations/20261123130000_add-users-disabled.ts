import type { Knex } from "knex";

// An admin can disable an account: its login is refused and its sessions end, while its records stay.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.boolean("disabled").notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("users", (table) => {
    table.dropColumn("disabled");
  });
}
