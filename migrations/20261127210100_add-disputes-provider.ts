import type { Knex } from "knex";

// A client can dispute the card charge with their bank; Stripe then sends charge.dispute.created, and the job's
// remaining escrow is frozen by a dispute the provider opened (issue 18). Such a dispute has no user who opened it,
// and carries the provider's dispute id, unique, so each chargeback opens one dispute however often it is delivered.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("disputes", (table) => {
    table.text("opened_via").notNullable().defaultTo("party");
    table.text("provider_dispute_id").nullable();
  });
  await knex.raw(`alter table disputes alter column opened_by drop not null`);
  await knex.raw(`alter table disputes add constraint disputes_opened_via_check check (opened_via in ('party', 'provider'))`);
  // A party's dispute names who opened it; the provider's names its own dispute instead.
  await knex.raw(
    `alter table disputes add constraint disputes_opener_check check (
       (opened_via = 'party' and opened_by is not null and provider_dispute_id is null)
       or (opened_via = 'provider' and opened_by is null and provider_dispute_id is not null))`,
  );
  await knex.raw(`create unique index disputes_provider_dispute_id_unique on disputes (provider_dispute_id) where provider_dispute_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists disputes_provider_dispute_id_unique`);
  await knex.raw(`alter table disputes drop constraint if exists disputes_opener_check`);
  await knex.raw(`alter table disputes drop constraint if exists disputes_opened_via_check`);
  await knex("disputes").where({ opened_via: "provider" }).delete();
  await knex.raw(`alter table disputes alter column opened_by set not null`);
  await knex.schema.alterTable("disputes", (table) => {
    table.dropColumn("provider_dispute_id");
    table.dropColumn("opened_via");
  });
}
