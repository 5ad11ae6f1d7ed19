import type { Knex } from "knex";

// Milestones from the breakdown (issue 18): a story's share of the job's price, in whole cents like a payment's
// amount, fixed at lock (in the lock's statement) and cleared on unlock; null while the job is unlocked and on tasks.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.integer("amount_cents").nullable();
    table.check("amount_cents is null or (type = 'story' and amount_cents >= 0)", undefined, "requirement_tasks_amount_cents_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.dropChecks(["requirement_tasks_amount_cents_check"]);
    table.dropColumn("amount_cents");
  });
}
