import type { Knex } from "knex";

// Chat messages. The id is a bigserial so ids grow with insertion: a reconnecting client asks for "since id".
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("messages", (table) => {
    table.bigIncrements("id");
    table.text("room_id").notNullable().references("room_id").inTable("chat_rooms").onDelete("CASCADE");
    // SET NULL: a conversation survives a removed account.
    table.uuid("sender_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.uuid("receiver_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.integer("job_id").nullable().references("id").inTable("jobs").onDelete("SET NULL");
    table.text("content").notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("content ~ '[^[:space:]]'", undefined, "messages_content_check");
    // A room's history in order, its last message (scanned backwards), and "since id".
    table.index(["room_id", "id"], "messages_room_id_id_index");
  });
  // "Has client communication" per job; most messages belong to no job.
  await knex.raw(`create index messages_job_id_index on messages (job_id) where job_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("messages");
}
