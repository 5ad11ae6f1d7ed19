import type { Knex } from "knex";

// The searches match words anywhere in a text (ILIKE '%word%'), which no b-tree serves: trigram GIN indexes do,
// one per searched expression so that an OR of them can still use a bitmap of indexes.
const indexes = [
  { name: "jobs_title_trgm_index", table: "jobs", expression: "title" },
  { name: "jobs_description_trgm_index", table: "jobs", expression: "description" },
  { name: "users_email_trgm_index", table: "users", expression: "email" },
  { name: "users_first_name_trgm_index", table: "users", expression: "first_name" },
  { name: "users_last_name_trgm_index", table: "users", expression: "last_name" },
  { name: "freelancers_name_trgm_index", table: "freelancers", expression: "name" },
  { name: "freelancers_title_trgm_index", table: "freelancers", expression: "title" },
  { name: "freelancers_bio_trgm_index", table: "freelancers", expression: "bio" },
  { name: "freelancers_skills_trgm_index", table: "freelancers", expression: "(skills::text)" },
  { name: "freelancers_domains_trgm_index", table: "freelancers", expression: "(domains::text)" },
];

export async function up(knex: Knex): Promise<void> {
  // pg_trgm is a trusted extension: a database owner may create it without superuser rights.
  await knex.raw("create extension if not exists pg_trgm");
  for (const { name, table, expression } of indexes) {
    await knex.raw(`create index ${name} on ${table} using gin (${expression} gin_trgm_ops)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { name } of [...indexes].reverse()) await knex.raw(`drop index if exists ${name}`);
  // The extension stays: other schemas of the same database may rely on it.
}
