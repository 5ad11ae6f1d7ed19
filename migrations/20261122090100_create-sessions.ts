import type { Knex } from "knex";

// The session store's table (connect-session-knex reads and writes sid, sess, expired). Creating it here, not
// letting the store create it at start, keeps the schema in one place and gives it the index below.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("sessions", (table) => {
    table.string("sid", 255).primary();
    table.jsonb("sess").notNullable();
    table.timestamp("expired", { useTz: true }).notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The store's periodic cleanup deletes by expiry.
    table.index(["expired"], "sessions_expired_index");
  });
  // A password reset ends every session of that user: find them by the user id passport keeps in the session.
  await knex.raw(`create index sessions_passport_user_index on sessions ((sess -> 'passport' ->> 'user'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("sessions");
}
