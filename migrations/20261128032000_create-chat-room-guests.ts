import type { Knex } from "knex";

// Admins who joined someone else's conversation ("Join the conversation" in the Communication Hub): a room's
// members are its client and freelancer, plus these. The primary key makes two concurrent joins one row, so the
// "joined the conversation" message is written once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chat_room_guests", (table) => {
    table.text("room_id").notNullable().references("room_id").inTable("chat_rooms").onDelete("CASCADE");
    table.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    table.timestamp("joined_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(["room_id", "user_id"], { constraintName: "chat_room_guests_pkey" });
  });
  // For the users' foreign key, and "rooms this admin joined".
  await knex.raw(`create index chat_room_guests_user_id_index on chat_room_guests (user_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chat_room_guests");
}
