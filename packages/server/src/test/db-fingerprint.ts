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
  "emails",
  "job_activity",
] as const;

/**
 * A cheap summary of the database's content: each main table's row count and newest updated_at. Two equal
 * fingerprints mean no row was added, removed or updated in between (updates set updated_at).
 * @param db the knex instance
 * @returns a string to compare with toBe
 */
export async function dbFingerprint(db: Knex): Promise<string> {
  const withUpdatedAt = new Set(
    (
      (await db("information_schema.columns").where({ column_name: "updated_at" }).whereIn("table_name", mainTables).select("table_name")) as Array<{
        table_name: string;
      }>
    ).map((row) => row.table_name),
  );
  const parts = await Promise.all(
    mainTables.map(async (table) => {
      const query = db(table).count({ n: "*" });
      if (withUpdatedAt.has(table)) query.max({ at: "updated_at" });
      const [row] = (await query) as Array<{ n: number | string; at?: Date | string | null }>;
      const at = row?.at instanceof Date ? row.at.toISOString() : (row?.at ?? "");
      return `${table}:${Number(row?.n)}:${at}`;
    }),
  );
  return parts.join(" ");
}
