import type { Knex } from "knex";

// A task's Given/When/Then acceptance criteria as a JSON array of strings, kept apart from its description.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.jsonb("acceptance_criteria").notNullable().defaultTo(knex.raw("'[]'::jsonb"));
  });
  await knex.raw(
    "alter table requirement_tasks add constraint requirement_tasks_acceptance_criteria_check check (jsonb_typeof(acceptance_criteria) = 'array')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("requirement_tasks", (table) => {
    table.dropChecks("requirement_tasks_acceptance_criteria_check");
    table.dropColumn("acceptance_criteria");
  });
}
