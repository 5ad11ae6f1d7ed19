import type { Knex } from "knex";

// Whether this deployment sends e-mail: one row, written by the first process that starts with SMTP. A process
// without SMTP then never takes mail off the queue (it would mark it logged and lose it); only a deployment that
// never had a sender keeps its mail in the outbox as logged.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("mail_deployment", (table) => {
    table.boolean("singleton").primary().defaultTo(true).checkIn(["true"], "mail_deployment_singleton_check");
    table.timestamp("smtp_since", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("mail_deployment");
}
