import type { Knex } from "knex";

// Disputes (issue 18): a client or freelancer contests a story (or every story not yet approved) of a paid job in
// progress; an admin resolves it by splitting what is held into a release and a refund.
const disputeActions = ["dispute_opened", "dispute_resolved"];

// The job activity's allowed actions are read from the constraint as it stands, so this migration adds its own
// without restating (and racing) those other migrations added.
async function activityActions(knex: Knex): Promise<string[]> {
  const result = (await knex.raw(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'job_activity_action_check'`)) as {
    rows: Array<{ def: string }>;
  };
  return [...(result.rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

async function setActivityActions(knex: Knex, actions: string[]): Promise<void> {
  await knex.raw(`alter table job_activity drop constraint job_activity_action_check`);
  // Literals, not bindings: DDL takes no parameters (the names match [a-z_]+).
  const list = actions.map((action) => `'${action}'`).join(", ");
  await knex.raw(`alter table job_activity add constraint job_activity_action_check check (action in (${list}))`);
}

export async function up(knex: Knex): Promise<void> {
  const actions = await activityActions(knex);
  await setActivityActions(knex, [...actions.filter((action) => !disputeActions.includes(action)), ...disputeActions]);
  await knex.schema.createTable("disputes", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    // A story is a requirement_tasks row; null when the dispute covers every story not approved when it was opened.
    table.uuid("story_id").nullable();
    table.text("status").notNullable().defaultTo("open").checkIn(["open", "resolved"], "disputes_status_check");
    table.text("reason").notNullable();
    table.uuid("opened_by").notNullable();
    table.timestamp("opened_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.uuid("resolved_by").nullable();
    table.timestamp("resolved_at", { useTz: true }).nullable();
    table.bigInteger("release_cents").nullable();
    table.bigInteger("refund_cents").nullable();
    table.text("note").nullable();
    table.check("release_cents is null or release_cents >= 0", undefined, "disputes_release_cents_check");
    table.check("refund_cents is null or refund_cents >= 0", undefined, "disputes_refund_cents_check");
    table.check("(status = 'resolved') = (resolved_at is not null)", undefined, "disputes_resolved_check");
    table.index(["job_id"], "disputes_job_id_index");
    table.index(["status", "opened_at"], "disputes_status_opened_at_index");
  });
  // The database's own guard of "one open dispute per story", besides the story's disputed state.
  await knex.raw("create unique index disputes_one_open_per_story on disputes (story_id) where status = 'open' and story_id is not null");
}

export async function down(knex: Knex): Promise<void> {
  await knex("job_activity").whereIn("action", disputeActions).delete();
  await setActivityActions(
    knex,
    (await activityActions(knex)).filter((action) => !disputeActions.includes(action)),
  );
  await knex.schema.dropTable("disputes");
}
