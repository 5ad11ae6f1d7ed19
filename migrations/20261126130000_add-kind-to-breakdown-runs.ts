import type { Knex } from "knex";

// A run either makes a job's first breakdown or regenerates it (replacing its stories): both wait on the AI, so both
// are queued runs the portal and the CLI follow.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("breakdown_runs", (table) => {
    table.text("kind").notNullable().defaultTo("create").checkIn(["create", "regenerate"], "breakdown_runs_kind_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("breakdown_runs", (table) => {
    table.dropChecks(["breakdown_runs_kind_check"]);
    table.dropColumn("kind");
  });
}
