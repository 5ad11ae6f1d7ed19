import type { Knex } from "knex";

// The wizard's answers for a job, one row per job. additional_requirements is an object holding
// additionalServices, projectSpecificFields, complianceTypes, integrationSystems and answers (the follow-up
// questions), as the spec stores them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("job_requirements", (table) => {
    table.integer("job_id").primary().references("id").inTable("jobs").onDelete("CASCADE");
    table.text("industry").nullable();
    table.text("target_audience").nullable();
    table.text("key_features").nullable();
    table.jsonb("user_categories").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.text("stakeholders").nullable();
    table.text("existing_systems").nullable();
    table.text("compliance_requirements").nullable();
    table.jsonb("additional_requirements").notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("jsonb_typeof(user_categories) = 'array'", undefined, "job_requirements_user_categories_check");
    table.check("jsonb_typeof(additional_requirements) = 'object'", undefined, "job_requirements_additional_requirements_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("job_requirements");
}
