import type { Knex } from "knex";

// Which requirement a story or task comes from (`keyFeature`, `answer:q3`, `integration:Zoom`, …), shown as a chip.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.text("source").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.dropColumn("source");
  });
}
