import type { Knex } from "knex";

// Uploads. The bytes live in storage under storage_key; this row says what they are and what they belong to.
// Created after jobs and requirement_tasks so its foreign keys resolve.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("files", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("owner_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.text("kind").notNullable().checkIn(["job_attachment", "task_attachment", "avatar", "portfolio_document", "portfolio_image"], "files_kind_check");
    table.integer("job_id").nullable().references("id").inTable("jobs").onDelete("CASCADE");
    table.uuid("task_id").nullable().references("id").inTable("requirement_tasks").onDelete("CASCADE");
    table.text("name").notNullable();
    table.text("mime_type").notNullable();
    table.integer("size_bytes").notNullable();
    table.text("storage_key").notNullable().unique({ indexName: "files_storage_key_unique" });
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("size_bytes >= 0", undefined, "files_size_bytes_check");
  });
  // A job's attachments and a task's attachments; most files have neither.
  await knex.raw(`create index files_job_id_index on files (job_id, created_at) where job_id is not null`);
  await knex.raw(`create index files_task_id_index on files (task_id, created_at) where task_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("files");
}
