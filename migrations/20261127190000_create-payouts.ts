import type { Knex } from "knex";

// Payouts to freelancers (issue 18): each freelancer's connected account at the payment provider (Stripe Connect
// Express, or the built-in test provider's own), and one transfer per release of their money.
const statuses = ["pending", "paid", "failed", "reversed"];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("connected_accounts", (table) => {
    table.uuid("user_id").primary().references("id").inTable("users").onDelete("NO ACTION");
    table.text("provider").notNullable().checkIn(["stripe", "test"], "connected_accounts_provider_check");
    table.text("provider_account_id").notNullable().unique({ indexName: "connected_accounts_provider_account_id_unique" });
    // As the provider last said (account.updated, or the test provider's onboarding page).
    table.boolean("payouts_enabled").notNullable().defaultTo(false);
    table.boolean("details_submitted").notNullable().defaultTo(false);
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable("payouts", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("freelancer_id").notNullable().references("id").inTable("users").onDelete("NO ACTION");
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    // A story is a requirement_tasks row; no foreign key, like the ledger's (a dispute's release may name none).
    table.uuid("story_id").nullable();
    // One transfer per release, whatever the retries and processes.
    table.integer("release_transaction_id").notNullable().references("id").inTable("ledger_transactions").onDelete("NO ACTION");
    table.unique(["release_transaction_id"], { indexName: "payouts_release_transaction_id_unique" });
    // The payout's own ledger transaction (available → paid out), written with this row; and its reversal, if any.
    table.integer("ledger_transaction_id").nullable().references("id").inTable("ledger_transactions").onDelete("NO ACTION");
    table.integer("reversal_transaction_id").nullable().references("id").inTable("ledger_transactions").onDelete("NO ACTION");
    table.bigInteger("amount_cents").notNullable();
    table.bigInteger("reversed_cents").notNullable().defaultTo(0);
    table.text("provider").notNullable().checkIn(["stripe", "test"], "payouts_provider_check");
    table.text("provider_account_id").notNullable();
    table.text("provider_transfer_id").nullable().unique({ indexName: "payouts_provider_transfer_id_unique" });
    table.text("status").notNullable().defaultTo("pending").checkIn(statuses, "payouts_status_check");
    table.text("failure_reason").nullable();
    // Sent to the provider with the transfer: forgehire-transfer-<release transaction id>.
    table.text("idempotency_key").notNullable().unique({ indexName: "payouts_idempotency_key_unique" });
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("paid_at", { useTz: true }).nullable();
    table.check("amount_cents > 0", undefined, "payouts_amount_cents_check");
    table.check("reversed_cents >= 0 and reversed_cents <= amount_cents", undefined, "payouts_reversed_cents_check");
    // A freelancer's list (GET /api/payouts, newest first); the back office's, by status then time.
    table.index(["freelancer_id", "created_at"], "payouts_freelancer_id_created_at_index");
    table.index(["status", "created_at"], "payouts_status_created_at_index");
    table.index(["created_at"], "payouts_created_at_index");
    table.index(["job_id"], "payouts_job_id_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("payouts");
  await knex.schema.dropTable("connected_accounts");
}
