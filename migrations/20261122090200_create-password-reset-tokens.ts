import type { Knex } from "knex";

// Single-use reset tokens. Only a hash is kept, so a leaked table cannot be used to reset anyone's password.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("password_reset_tokens", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    table.text("token_hash").notNullable().unique({ indexName: "password_reset_tokens_token_hash_unique" });
    table.timestamp("expires_at", { useTz: true }).notNullable();
    table.timestamp("used_at", { useTz: true }).nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(["user_id"], "password_reset_tokens_user_id_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("password_reset_tokens");
}
