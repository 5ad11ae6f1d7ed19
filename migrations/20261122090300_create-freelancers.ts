import type { Knex } from "knex";

// Freelancer profiles, one per freelancer account. name and email are copied from the account at creation,
// as the spec's profile carries them. The list columns are JSON arrays of option keys.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("freelancers", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("user_id").notNullable().unique({ indexName: "freelancers_user_id_unique" }).references("id").inTable("users").onDelete("CASCADE");
    table.text("name").notNullable();
    table.text("email").notNullable();
    table.text("title").notNullable();
    table.text("bio").notNullable();
    table.decimal("hourly_rate", 10, 2).notNullable();
    table.jsonb("skills").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.jsonb("domains").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.jsonb("languages").notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    table.text("avatar_url").nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("hourly_rate >= 0", undefined, "freelancers_hourly_rate_check");
    // CASE, not AND: PostgreSQL does not promise to evaluate AND left to right, and jsonb_array_length
    // raises on a non-array instead of returning false.
    table.check("case when jsonb_typeof(skills) = 'array' then jsonb_array_length(skills) <= 3 else false end", undefined, "freelancers_skills_check");
    table.check("case when jsonb_typeof(domains) = 'array' then jsonb_array_length(domains) <= 3 else false end", undefined, "freelancers_domains_check");
    table.check("jsonb_typeof(languages) = 'array'", undefined, "freelancers_languages_check");
    // The directory lists profiles in creation order.
    table.index(["created_at"], "freelancers_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("freelancers");
}
