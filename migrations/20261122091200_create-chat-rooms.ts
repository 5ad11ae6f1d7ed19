import type { Knex } from "knex";

// Chat rooms: one per client and freelancer pair (room id '{clientId}_freelancer_{freelancerId}'), and one per
// job for an admin and the job's poster (freelancer_id 'admin_{userId}'). freelancer_user_id is the account
// behind freelancer_id, so membership is a plain column comparison.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chat_rooms", (table) => {
    table.text("room_id").primary();
    table.uuid("client_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    table.text("freelancer_id").notNullable();
    table.uuid("freelancer_user_id").nullable().references("id").inTable("users").onDelete("CASCADE");
    table.integer("job_id").nullable().references("id").inTable("jobs").onDelete("SET NULL");
    table.text("meet_link").nullable();
    table.timestamp("last_message_at", { useTz: true }).nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("room_id ~ '[^[:space:]]'", undefined, "chat_rooms_room_id_check");
    table.check("freelancer_id ~ '[^[:space:]]'", undefined, "chat_rooms_freelancer_id_check");
  });
  // Room lists by latest activity (plain DESC, so rooms without messages yet come first): a client's rooms,
  // a freelancer's (or admin's) rooms, and every room for admins.
  await knex.raw(`create index chat_rooms_client_id_last_message_at_index on chat_rooms (client_id, last_message_at desc)`);
  await knex.raw(
    `create index chat_rooms_freelancer_user_id_last_message_at_index
      on chat_rooms (freelancer_user_id, last_message_at desc)`,
  );
  await knex.raw(`create index chat_rooms_last_message_at_index on chat_rooms (last_message_at desc)`);
  await knex.raw(`create index chat_rooms_job_id_index on chat_rooms (job_id)`);
  // An admin's room with a job's poster is created once; also makes the "find the room" lookup an index hit.
  await knex.raw(
    `create unique index chat_rooms_job_id_client_id_freelancer_id_unique
      on chat_rooms (job_id, client_id, freelancer_id) where job_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chat_rooms");
}
