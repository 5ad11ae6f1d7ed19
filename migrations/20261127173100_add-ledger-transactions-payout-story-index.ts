import type { Knex } from "knex";

// A freelancer's earnings (GET /api/earnings) mark each released story paid out when a payout names it: one probe per
// listed story, which without this index reads every ledger transaction. Partial, like the one-release-per-story
// index beside it: only payouts are ever looked up by story here.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index ledger_transactions_payout_story_id_index on ledger_transactions (story_id) where kind = 'payout'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists ledger_transactions_payout_story_id_index`);
}
