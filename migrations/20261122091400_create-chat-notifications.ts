import type { Knex } from "knex";

// When a chat e-mail was last sent to a recipient for a room: at most one e-mail per room per 10 minutes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("chat_notifications", (table) => {
    table.text("room_id").notNullable().references("room_id").inTable("chat_rooms").onDelete("CASCADE");
    table.uuid("recipient_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    table.timestamp("last_sent_at", { useTz: true }).notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(["room_id", "recipient_id"], { constraintName: "chat_notifications_pkey" });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("chat_notifications");
}
