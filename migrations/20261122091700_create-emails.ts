import type { Knex } from "knex";

// Every e-mail the product sends, and the outbox when no SMTP server is configured (status 'logged').
// kind is an open list (password_reset, job_posted, chat_notification, admin_email, …), so it has no CHECK.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("emails", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.text("to_address").notNullable();
    table.text("subject").notNullable();
    table.text("body_text").notNullable();
    table.text("body_html").nullable();
    table.text("kind").notNullable();
    table.text("status").notNullable().defaultTo("queued").checkIn(["queued", "sent", "failed", "logged"], "emails_status_check");
    table.text("error").nullable();
    table.integer("job_id").nullable().references("id").inTable("jobs").onDelete("SET NULL");
    // The admin who wrote it, for admin e-mails; null for the product's own mail.
    table.uuid("sender_id").nullable().references("id").inTable("users").onDelete("SET NULL");
    table.timestamp("sent_at", { useTz: true }).nullable();
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Not blank: trim() strips only spaces, the regex also rejects tabs and newlines alone.
    table.check("kind ~ '[^[:space:]]'", undefined, "emails_kind_check");
    table.index(["status"], "emails_status_index");
  });
  // The outbox, newest first (back office and `forgehire emails:list`); a job's e-mails.
  await knex.raw(`create index emails_created_at_index on emails (created_at desc)`);
  await knex.raw(`create index emails_job_id_index on emails (job_id, created_at) where job_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("emails");
}
