import type { Knex } from "knex";

// How far each member has read each chat room: a message is unread for a user when someone else sent it after
// their last read (core `isUnreadMessage`). A row appears on the first read; no row means nothing read yet.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chat_room_reads", (table) => {
    table.text("room_id").notNullable().references("room_id").inTable("chat_rooms").onDelete("CASCADE");
    table.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    // Not null: a read always reaches a message (reading an empty room stores nothing). Messages are only deleted
    // with their room, which removes the read too, so CASCADE never turns read messages back into unread ones.
    table.bigInteger("last_read_message_id").notNullable().references("id").inTable("messages").onDelete("CASCADE");
    table.timestamp("read_at", { useTz: true }).notNullable();
    // The unread queries probe one (room, user) pair per room: the primary key answers them.
    table.primary(["room_id", "user_id"], { constraintName: "chat_room_reads_pkey" });
  });
  // For the foreign keys: deleting a user, or a room's messages, would otherwise scan this table once per row.
  await knex.raw(`create index chat_room_reads_user_id_index on chat_room_reads (user_id)`);
  await knex.raw(`create index chat_room_reads_last_read_message_id_index on chat_room_reads (last_read_message_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chat_room_reads");
}
