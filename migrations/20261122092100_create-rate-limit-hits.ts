import type { Knex } from "knex";

// Rate-limit counters in the database, so every server process counts the same tries for a key.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("rate_limit_hits", (table) => {
    table.text("key").primary();
    table.integer("hits").notNullable();
    table.timestamp("reset_at", { useTz: true }).notNullable();
    table.check("hits >= 0", undefined, "rate_limit_hits_hits_check");
    // The sweeper deletes by expiry.
    table.index(["reset_at"], "rate_limit_hits_reset_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("rate_limit_hits");
}
