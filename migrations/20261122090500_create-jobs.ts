import type { Knex } from "knex";

// Jobs (posted requirements). status 'inactive' is the soft delete. freelancer_id is the USER id of the
// assigned freelancer, set when the project starts.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("jobs", (table) => {
    table.increments("id");
    table.text("title").notNullable();
    table.text("description").notNullable();
    table.text("industry").notNullable();
    table.integer("scope").notNullable();
    // The total the client pays (scope price plus extras), in dollars.
    table.decimal("budget", 12, 2).notNullable();
    // Blocks deleting a user who posted jobs. NO ACTION rather than RESTRICT (same effect here): PostgreSQL 18
    // reports a RESTRICT violation as 23001 but 15 as 23503, while NO ACTION is 23503 on both.
    table.uuid("owner_id").notNullable().references("id").inTable("users").onDelete("NO ACTION");
    table.text("status").notNullable().defaultTo("open").checkIn(["open", "in_progress", "completed", "inactive"], "jobs_status_check");
    table.text("payment_status").notNullable().defaultTo("unpaid").checkIn(["unpaid", "pending", "paid"], "jobs_payment_status_check");
    table.boolean("locked").notNullable().defaultTo(false);
    table.timestamp("started_at", { useTz: true }).nullable();
    table.timestamp("completed_at", { useTz: true }).nullable();
    table.uuid("freelancer_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.date("expected_delivery_date").nullable();
    table.text("breakdown_source").nullable().checkIn(["ai", "rules", "fallback"], "jobs_breakdown_source_check");
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("title ~ '[^[:space:]]'", undefined, "jobs_title_check");
    table.check("scope in (1, 50, 199, 500, 1999, 4999)", undefined, "jobs_scope_check");
    table.check("budget >= 0", undefined, "jobs_budget_check");
  });

  // One live requirement per owner and title, case-insensitively (23505 → DUPLICATE_REQUIREMENT). Deleted
  // (inactive) jobs are left out so their titles can be used again.
  await knex.raw(`create unique index jobs_owner_id_title_unique on jobs (owner_id, lower(title)) where status <> 'inactive'`);
  // /jobs and the admin lists: every job not deleted, newest first.
  await knex.raw(`create index jobs_live_created_at_index on jobs (created_at desc, id desc) where status <> 'inactive'`);
  // My Jobs for a client, newest first.
  await knex.raw(`create index jobs_owner_id_created_at_index on jobs (owner_id, created_at desc, id desc)`);
  // My Jobs for a freelancer (jobs assigned to them); most jobs have no freelancer, so leave those out.
  await knex.raw(
    `create index jobs_freelancer_id_created_at_index on jobs (freelancer_id, created_at desc)
      where freelancer_id is not null`,
  );
  // Dashboard filters: in progress / completed, and paid / payment due.
  await knex.raw(`create index jobs_status_created_at_index on jobs (status, created_at desc)`);
  await knex.raw(`create index jobs_payment_status_created_at_index on jobs (payment_status, created_at desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("jobs");
}
