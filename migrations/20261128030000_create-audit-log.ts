import type { Knex } from "knex";

// The audit trail: one row per admin or operator change, written in the transaction of the change. Append-only: a
// trigger refuses every update and delete, so a row once written is the record (a user's deletion keeps the
// actor's id, no foreign key). The indexes answer the back office's filters: a record's history (resource, record),
// an actor's changes, and the newest first by id.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("audit_log", (table) => {
    table.bigIncrements("id");
    table.uuid("actor_id").nullable();
    table.string("actor_name", 300).notNullable().defaultTo("");
    table.string("via", 20).notNullable();
    table.string("action", 60).notNullable();
    table.string("resource", 40).notNullable();
    table.string("record_id", 100).notNullable();
    table.jsonb("before").notNullable().defaultTo("{}");
    table.jsonb("after").notNullable().defaultTo("{}");
    table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table audit_log add constraint audit_log_via_check check (via in ('back-office', 'cli', 'system'))`);
  await knex.raw(`create index audit_log_resource_record_idx on audit_log (resource, record_id, id desc)`);
  await knex.raw(`create index audit_log_actor_idx on audit_log (actor_id, id desc)`);
  await knex.raw(`create index audit_log_created_at_idx on audit_log (created_at desc, id desc)`);
  await knex.raw(`create index audit_log_action_idx on audit_log (action, id desc)`);
  await knex.raw(`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end
    $$`);
  await knex.raw(`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("audit_log");
  await knex.raw(`drop function if exists audit_log_append_only()`);
}
