import type { Knex } from "knex";

// Two attempt states for a charge that must not count (money-1, money-2): needs_refund (a success that came for a
// stale amount, a canceled attempt or an already paid job) and refunded (the provider gave the money back).
const withRefunds = ["requires_payment", "processing", "succeeded", "failed", "canceled", "needs_refund", "refunded"];
const original = ["requires_payment", "processing", "succeeded", "failed", "canceled"];

const statusCheck = (statuses: string[]) => `status in (${statuses.map((s) => `'${s}'`).join(", ")})`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table payments drop constraint payments_status_check");
  await knex.raw(`alter table payments add constraint payments_status_check check (${statusCheck(withRefunds)})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table payments drop constraint payments_status_check");
  // A refund state has no place in the older schema: such an attempt was a success the provider charged.
  await knex("payments").whereIn("status", ["needs_refund", "refunded"]).update({ status: "succeeded" });
  await knex.raw(`alter table payments add constraint payments_status_check check (${statusCheck(original)})`);
}
