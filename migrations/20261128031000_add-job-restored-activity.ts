import type { Knex } from "knex";

// A deleted job restored from the back office is recorded in its activity like its deletion was.
const restoredActions = ["restored"];

// The job activity's allowed actions are read from the constraint as it stands (other migrations add theirs).
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
  await setActivityActions(knex, [...actions.filter((action) => !restoredActions.includes(action)), ...restoredActions]);
}

export async function down(knex: Knex): Promise<void> {
  await knex("job_activity").whereIn("action", restoredActions).delete();
  await setActivityActions(
    knex,
    (await activityActions(knex)).filter((action) => !restoredActions.includes(action)),
  );
}
