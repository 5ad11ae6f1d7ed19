import type { Knex } from "knex";

// A paid scope cannot grow for free (issue 18): a change request on a paid job carries a quote (price_cents,
// estimate_hours) and is paid like the job, by its own payment (payments.change_request_id). Its statuses are the
// declared lifecycle's (packages/core/src/lifecycle/change-request.ts): pending, quoted, paid, declined.
const statuses = ["pending", "quoted", "paid", "declined"];
const oldStatuses = ["pending", "accepted", "rejected", "done"];
const activity = ["change_request_paid", "change_request_declined"];

const list = (values: string[]) => values.map((value) => `'${value}'`).join(", ");

// The job activity's allowed actions are read from the constraint as it stands (as create-disputes does), so this
// migration adds its own without restating those other migrations added.
async function activityActions(knex: Knex): Promise<string[]> {
  const result = (await knex.raw(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'job_activity_action_check'`)) as {
    rows: Array<{ def: string }>;
  };
  return [...(result.rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

async function setActivityActions(knex: Knex, actions: string[]): Promise<void> {
  await knex.raw(`alter table job_activity drop constraint job_activity_action_check`);
  await knex.raw(`alter table job_activity add constraint job_activity_action_check check (action in (${list(actions)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table job_change_requests drop constraint job_change_requests_status_check");
  // Nothing ever moved a request out of pending; any other old state is read as the nearest new one.
  await knex("job_change_requests").whereIn("status", ["accepted", "done"]).update({ status: "pending" });
  await knex("job_change_requests").where({ status: "rejected" }).update({ status: "declined" });
  await knex.raw(`alter table job_change_requests add constraint job_change_requests_status_check check (status in (${list(statuses)}))`);
  await knex.schema.alterTable("job_change_requests", (table) => {
    table.integer("price_cents").nullable();
    table.decimal("estimate_hours", 6, 1).nullable();
    table.timestamp("paid_at", { useTz: true }).nullable();
    table.timestamp("declined_at", { useTz: true }).nullable();
    // A quoted, paid or declined request was priced; a pending one is in the job's own scope and has no price.
    table.check("(status = 'pending') = (price_cents is null)", undefined, "job_change_requests_quote_check");
    table.check("price_cents is null or price_cents > 0", undefined, "job_change_requests_price_cents_check");
  });

  await knex.schema.alterTable("payments", (table) => {
    // NO ACTION like job_id: a payment is kept for accounting, so a paid request cannot be deleted under it.
    table.uuid("change_request_id").nullable().references("id").inTable("job_change_requests").onDelete("NO ACTION");
  });
  await knex.raw("create index payments_change_request_id_index on payments (change_request_id) where change_request_id is not null");
  // One applied payment per job for its own price (money-2), and one per change request for its quote (cr-3).
  await knex.raw("drop index payments_one_success_per_job");
  await knex.raw("create unique index payments_one_success_per_job on payments (job_id) where status = 'succeeded' and change_request_id is null");
  await knex.raw(
    "create unique index payments_one_success_per_change_request on payments (change_request_id) where status = 'succeeded' and change_request_id is not null",
  );
  const actions = await activityActions(knex);
  await setActivityActions(knex, [...actions.filter((action) => !activity.includes(action)), ...activity]);
}

export async function down(knex: Knex): Promise<void> {
  const actions = await activityActions(knex);
  await knex("job_activity").whereIn("action", activity).update({ action: "change_request" });
  await setActivityActions(
    knex,
    actions.filter((action) => !activity.includes(action)),
  );
  await knex.raw("drop index payments_one_success_per_change_request");
  await knex.raw("drop index payments_one_success_per_job");
  // The older index holds one success per job whatever it paid for: a change request's success becomes a charge to refund.
  await knex("payments").whereNotNull("change_request_id").where({ status: "succeeded" }).update({ status: "needs_refund", refund_reason: "already_paid" });
  await knex.raw("create unique index payments_one_success_per_job on payments (job_id) where status = 'succeeded'");
  await knex.raw("drop index payments_change_request_id_index");
  await knex.schema.alterTable("payments", (table) => {
    table.dropColumn("change_request_id");
  });
  await knex.schema.alterTable("job_change_requests", (table) => {
    table.dropChecks(["job_change_requests_quote_check", "job_change_requests_price_cents_check"]);
    table.dropColumns("price_cents", "estimate_hours", "paid_at", "declined_at");
  });
  await knex.raw("alter table job_change_requests drop constraint job_change_requests_status_check");
  await knex("job_change_requests").where({ status: "paid" }).update({ status: "done" });
  await knex("job_change_requests").whereIn("status", ["declined"]).update({ status: "rejected" });
  await knex("job_change_requests").where({ status: "quoted" }).update({ status: "rejected" });
  await knex.raw(`alter table job_change_requests add constraint job_change_requests_status_check check (status in (${list(oldStatuses)}))`);
}
