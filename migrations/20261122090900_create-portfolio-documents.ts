import type { Knex } from "knex";

// A freelancer's portfolio documents (at most 3, enforced by the use case): a named link to an uploaded file.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("portfolio_documents", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("freelancer_id").notNullable().references("id").inTable("freelancers").onDelete("CASCADE");
    // One document per file; removing the file removes the document.
    table.uuid("file_id").notNullable().unique({ indexName: "portfolio_documents_file_id_unique" }).references("id").inTable("files").onDelete("CASCADE");
    table.text("name").notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(["freelancer_id", "created_at"], "portfolio_documents_freelancer_id_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("portfolio_documents");
}
