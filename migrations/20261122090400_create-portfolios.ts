import type { Knex } from "knex";

// Portfolio cards on a freelancer's public profile.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("portfolios", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("freelancer_id").notNullable().references("id").inTable("freelancers").onDelete("CASCADE");
    table.text("title").notNullable();
    table.text("description").notNullable().defaultTo("");
    table.text("image_url").nullable();
    table.text("project_url").nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("title ~ '[^[:space:]]'", undefined, "portfolios_title_check");
    // A profile shows its cards in creation order.
    table.index(["freelancer_id", "created_at"], "portfolios_freelancer_id_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("portfolios");
}
