import type { Knex } from "knex";

// The notification centre: one row per recipient, written in the transaction of the event that causes it. The id is
// the keyset (newest first by id, which follows insertion); the partial index answers the bell's unread count
// without reading the read ones, and the type index the page's type filter.
const types = [
  "story_submitted",
  "story_approved",
  "story_changes_requested",
  "story_review_reminder",
  "payment_received",
  "payment_refunded",
  "dispute_opened",
  "dispute_resolved",
  "chat_message",
  "task_comment",
  "job_started",
  "breakdown_ready",
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("notifications", (table) => {
    table.bigIncrements("id");
    table.uuid("user_id").notNullable().references("id").inTable("users").onDelete("CASCADE");
    table.string("type", 40).notNullable();
    table.uuid("actor_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.integer("job_id").nullable().references("id").inTable("jobs").onDelete("CASCADE");
    table.string("subject_type", 20).notNullable();
    table.string("subject_id", 100).notNullable();
    table.string("link", 500).notNullable();
    table.string("title", 300).notNullable();
    table.string("body", 1000).notNullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("read_at", { useTz: true }).nullable();
  });
  // DDL takes no bindings: the list is this file's own constants.
  await knex.raw(`alter table notifications add constraint notifications_type_check check (type in (${types.map((type) => `'${type}'`).join(", ")}))`);
  await knex.raw(`create index notifications_user_id_idx on notifications (user_id, id desc)`);
  await knex.raw(`create index notifications_user_type_id_idx on notifications (user_id, type, id desc)`);
  await knex.raw(`create index notifications_unread_idx on notifications (user_id, id desc) where read_at is null`);
  await knex.raw(`create index notifications_job_id_idx on notifications (job_id)`);
  await knex.raw(`create index notifications_actor_id_idx on notifications (actor_id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("notifications");
}
