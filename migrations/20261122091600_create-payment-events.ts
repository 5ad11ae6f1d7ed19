import type { Knex } from "knex";

// Provider webhook events, keyed by the provider's event id: inserting an id already present fails (or is
// skipped with ON CONFLICT DO NOTHING), so a replayed event acts once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("payment_events", (table) => {
    table.text("id").primary();
    table.uuid("payment_id").nullable().references("id").inTable("payments").onDelete("SET NULL");
    table.text("type").notNullable();
    table.jsonb("payload").notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `create index payment_events_payment_id_index on payment_events (payment_id, created_at)
      where payment_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("payment_events");
}
