import type { Knex } from "knex";
import PgBoss from "pg-boss";

/** The queue's own schema, beside ours in the same database (pg-boss keeps its jobs and queues in it). */
const QUEUE_SCHEMA = "pgboss";

/** A raw connection of either driver: pg's Client, or PGlite (whose `exec` is the one that takes several statements). */
interface RawConnection {
  query(text: string): Promise<unknown>;
  exec?(text: string): Promise<unknown>;
}

// pg-boss's construction plan, run here so the migrations stay the single source of the schema (and the tests'
// migrated template carries it; the queue then starts with `migrate: false` and only checks the version). The plan
// wraps itself in BEGIN … COMMIT; knex already runs each migration in a transaction under its own migration lock,
// so that wrapper is taken off rather than nesting a transaction that would commit knex's early.
export async function up(knex: Knex): Promise<void> {
  const plan = PgBoss.getConstructionPlans(QUEUE_SCHEMA);
  const begin = /^\s*BEGIN;/;
  const commit = /COMMIT;\s*$/;
  if (!begin.test(plan) || !commit.test(plan)) throw new Error("pg-boss's construction plan changed shape: review this migration");
  const script = plan.replace(begin, "").replace(commit, "");
  // Several statements (with $$ function bodies): knex.raw would send them as one prepared statement, which
  // PGlite refuses, so they go to the transaction's own connection as a simple-protocol script.
  const connection = (await knex.client.acquireConnection()) as RawConnection;
  try {
    await (connection.exec ? connection.exec(script) : connection.query(script));
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop schema ${QUEUE_SCHEMA} cascade`);
}
