import type { Knex } from "knex";

// Accounts. Emails are stored lower-case so the unique index alone makes sign-up and login case-insensitive.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("users", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.text("email").notNullable().unique({ indexName: "users_email_unique" });
    table.text("password_hash").notNullable();
    table.text("first_name").notNullable();
    table.text("last_name").notNullable();
    table.text("user_type").notNullable().checkIn(["client", "freelancer", "admin"], "users_user_type_check");
    table.text("role_type").notNullable().defaultTo("regular").checkIn(["regular", "job_poster", "freelancer", "admin"], "users_role_type_check");
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check("email = lower(email)", undefined, "users_email_lower_check");
    // Back-office user list, newest first.
    table.index(["created_at"], "users_created_at_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("users");
}
