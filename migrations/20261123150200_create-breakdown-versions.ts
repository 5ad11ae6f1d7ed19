import type { Knex } from "knex";

// A snapshot of a job's breakdown each time its requirements are locked: version 1, 2, … per job, who locked
// it and when, and the stories with their tasks as JSON (the rows themselves keep changing afterwards).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("breakdown_versions", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("CASCADE");
    table.integer("version").notNullable();
    table.uuid("locked_by").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.timestamp("locked_at", { useTz: true }).notNullable();
    table.jsonb("stories").notNullable();
    table.unique(["job_id", "version"], { indexName: "breakdown_versions_job_id_version_unique" });
    table.check("version >= 1", undefined, "breakdown_versions_version_check");
    table.check("jsonb_typeof(stories) = 'array'", undefined, "breakdown_versions_stories_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("breakdown_versions");
}
