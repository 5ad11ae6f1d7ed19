import type { Knex } from "knex";

// Why a charge is to be refunded, the provider's refund id once it is, and when.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (table) => {
    table.text("refund_reason").nullable();
    table.text("provider_refund_id").nullable();
    table.timestamp("refunded_at", { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (table) => {
    table.dropColumn("refunded_at");
    table.dropColumn("provider_refund_id");
    table.dropColumn("refund_reason");
  });
}
