import type { Knex } from "knex";

/** The tables a request can write to; sessions and rate-limit hits are bookkeeping a refused request may touch. */
const mainTables = [
  "users",
  "freelancers",
  "portfolios",
  "portfolio_documents",
  "jobs",
  "job_requirements",
  "requirement_tasks",
  "files",
  "job_change_requests",
  "task_communications",
  "chat_rooms",
  "messages",
  "chat_room_reads",
  "payments",
  "payment_events",
  "ledger_transactions",
  "ledger_entries",
  "emails",
  "job_activity",
] as const;

const queries = new WeakMap<Knex, Promise<string>>();

/** One statement reading every table's count (and newest updated_at where the table has one). */
async function fingerprintQuery(db: Knex): Promise<string> {
  const withUpdatedAt = new Set(
    (
      (await db("information_schema.columns").where({ column_name: "updated_at" }).whereIn("table_name", mainTables).select("table_name")) as Array<{
        table_name: string;
      }>
    ).map((row) => row.table_name),
  );
  const parts = mainTables.map((table) =>
    withUpdatedAt.has(table) ? `(select count(*) || ':' || coalesce(max(updated_at)::text, '') from "${table}")` : `(select count(*)::text from "${table}")`,
  );
  return `select ${parts.map((part, i) => `${part} as t${i}`).join(", ")}`;
}

/**
 * A cheap summary of the database's content: each main table's row count and newest updated_at, in one query.
 * Two equal fingerprints mean no row was added or removed, and none updated (updates set updated_at).
 * @param db the knex instance
 * @returns a string to compare with toBe
 */
export async function dbFingerprint(db: Knex): Promise<string> {
  let query = queries.get(db);
  if (!query) queries.set(db, (query = fingerprintQuery(db)));
  const result = (await db.raw(await query)) as { rows: Array<Record<string, unknown>> };
  const row = result.rows[0] ?? {};
  return mainTables.map((table, i) => `${table}=${String(row[`t${i}`])}`).join(" ");
}
