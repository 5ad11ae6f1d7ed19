import type { Knex } from "knex";

// Card payments for jobs, one row per payment attempt record. Amounts are whole cents.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("payments", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    // Payment records are kept for accounting: a job or payer with payments cannot be deleted (NO ACTION, not
    // RESTRICT, so the violation is 23503 on PostgreSQL 15 and 18 alike).
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    table.uuid("user_id").notNullable().references("id").inTable("users").onDelete("NO ACTION");
    table.text("provider").notNullable().checkIn(["stripe", "test"], "payments_provider_check");
    // The provider's PaymentIntent id; known once the intent is created.
    table.text("provider_payment_id").nullable().unique({ indexName: "payments_provider_payment_id_unique" });
    table.integer("amount").notNullable();
    table.text("currency").notNullable().defaultTo("usd");
    table
      .text("status")
      .notNullable()
      .defaultTo("requires_payment")
      .checkIn(["requires_payment", "processing", "succeeded", "failed", "canceled"], "payments_status_check");
    table.integer("attempt").notNullable().defaultTo(1);
    table.text("idempotency_key").nullable().unique({ indexName: "payments_idempotency_key_unique" });
    table.text("last_error").nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("amount > 0", undefined, "payments_amount_check");
    table.check("char_length(currency) = 3 and currency = lower(currency)", undefined, "payments_currency_check");
    table.check("attempt >= 1", undefined, "payments_attempt_check");
    // A job's payments in order; payments by state (e.g. stuck in processing); the back-office list.
    table.index(["job_id", "created_at"], "payments_job_id_created_at_index");
    table.index(["status"], "payments_status_index");
    table.index(["created_at"], "payments_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("payments");
}
