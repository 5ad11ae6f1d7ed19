import type { Knex } from "knex";

// The money ledger (issue 18): every movement of money is a transaction whose entries sum to zero, in whole cents.
// The accounts and kinds are core's closed sets (packages/core/src/ledger), repeated here as checks because a
// migration is a snapshot that must not change when the code does.
const kinds = ["payment_captured", "release", "refund", "payout"];
const ownerless = ["external_card", "platform_fees"];
const ofJob = ["escrow", "refund_due"];
const ofUser = ["freelancer_available", "freelancer_paid_out", "client_refunded"];
const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(", ");

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("ledger_transactions", (table) => {
    table.increments("id").primary();
    table.text("kind").notNullable().checkIn(kinds, "ledger_transactions_kind_check");
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    // A story is a requirement_tasks row; no foreign key, so a released story's record outlives any breakdown change.
    table.uuid("story_id").nullable();
    table.uuid("payment_id").nullable().references("id").inTable("payments").onDelete("NO ACTION");
    // One transaction per key whatever the retries and processes: capture:payment:<id>, release:story:<id>, …
    table.text("idempotency_key").notNullable().unique({ indexName: "ledger_transactions_idempotency_key_unique" });
    table.text("actor_kind").nullable().checkIn(["client", "freelancer", "admin", "system", "provider"], "ledger_transactions_actor_kind_check");
    table.uuid("actor_id").nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(["job_id", "id"], "ledger_transactions_job_id_id_index");
  });
  // The database's own guard of "no story is released twice", besides the idempotency key.
  await knex.raw("create unique index ledger_transactions_one_release_per_story on ledger_transactions (story_id) where kind = 'release'");

  await knex.schema.createTable("ledger_entries", (table) => {
    table.increments("id").primary();
    table.integer("transaction_id").notNullable().references("id").inTable("ledger_transactions").onDelete("NO ACTION");
    table
      .text("account_kind")
      .notNullable()
      .checkIn([...ownerless, ...ofJob, ...ofUser], "ledger_entries_account_kind_check");
    // A job id for escrow and refund_due, a user id for a person's accounts, null for the outside and the platform.
    table.text("account_owner").nullable();
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    table.bigInteger("amount_cents").notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("amount_cents <> 0", undefined, "ledger_entries_amount_cents_check");
    table.check(`(account_kind in (${quoted(ownerless)})) = (account_owner is null)`, undefined, "ledger_entries_account_owner_check");
    table.index(["transaction_id"], "ledger_entries_transaction_id_index");
    table.index(["job_id", "transaction_id"], "ledger_entries_job_id_transaction_id_index");
    table.index(["account_kind", "account_owner"], "ledger_entries_account_index");
  });

  // Old payments keep the invariants: a success that paid its job was captured into its escrow; a charge that did not
  // count (needs_refund, refunded) into the job's refund_due, and a refunded one given back to its payer.
  await knex.raw(`
    insert into ledger_transactions (kind, job_id, payment_id, idempotency_key, actor_kind, created_at)
    select 'payment_captured', job_id, id, 'capture:payment:' || id, 'provider', coalesce(last_event_at, updated_at)
    from payments where status in ('succeeded', 'needs_refund', 'refunded')
    order by created_at, id`);
  await knex.raw(`
    insert into ledger_entries (transaction_id, account_kind, account_owner, job_id, amount_cents, created_at)
    select t.id, e.kind, e.owner, p.job_id, e.amount, t.created_at
    from payments p
    join ledger_transactions t on t.idempotency_key = 'capture:payment:' || p.id
    cross join lateral (values
      ('external_card', null::text, -p.amount::bigint),
      (case when p.status = 'succeeded' then 'escrow' else 'refund_due' end, p.job_id::text, p.amount::bigint)
    ) as e(kind, owner, amount)`);
  await knex.raw(`
    insert into ledger_transactions (kind, job_id, payment_id, idempotency_key, actor_kind, created_at)
    select 'refund', job_id, id, 'refund:payment:' || id, 'system', coalesce(refunded_at, updated_at)
    from payments where status = 'refunded'
    order by refunded_at, id`);
  await knex.raw(`
    insert into ledger_entries (transaction_id, account_kind, account_owner, job_id, amount_cents, created_at)
    select t.id, e.kind, e.owner, p.job_id, e.amount, t.created_at
    from payments p
    join ledger_transactions t on t.idempotency_key = 'refund:payment:' || p.id
    cross join lateral (values
      ('refund_due', p.job_id::text, -p.amount::bigint),
      ('client_refunded', p.user_id::text, p.amount::bigint)
    ) as e(kind, owner, amount)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("ledger_entries");
  await knex.schema.dropTable("ledger_transactions");
}
