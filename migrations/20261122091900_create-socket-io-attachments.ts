import type { Knex } from "knex";

// The socket.io Postgres adapter passes large events between server processes through this table
// (its documented schema); small ones go through NOTIFY alone.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("socket_io_attachments");
}
