import type { Knex } from "knex";

// The room list pages by latest activity (an admin's list covers every room): one index in that order.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create index chat_rooms_activity_index on chat_rooms ((coalesce(last_message_at, created_at)) desc, room_id)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists chat_rooms_activity_index");
}
