import type { Knex } from "knex";

// When the last provider event applied to an attempt happened, so an older event delivered late is ignored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (table) => {
    table.timestamp("last_event_at", { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (table) => {
    table.dropColumn("last_event_at");
  });
}
