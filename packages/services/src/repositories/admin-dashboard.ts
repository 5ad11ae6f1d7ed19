import type { Knex } from "knex";
import { toCount, toDateOnly } from "./rows.js";

/** The dashboard's weekly series, read from the database in one query each. */
export const adminDashboardRepository = {
  /** Live jobs per status. */
  async countLiveJobsByStatus(db: Knex): Promise<Map<string, number>> {
    const rows = (await db("jobs").whereNot("status", "inactive").select("status").count({ n: "*" }).groupBy("status")) as Array<{
      status: string;
      n: number | string;
    }>;
    return new Map(rows.map((row) => [row.status, toCount(row.n)]));
  },

  /**
   * Jobs posted per week (Monday, UTC) since a moment, deleted ones included: they were posted that week.
   * @returns week (YYYY-MM-DD) → count
   */
  async countJobsPostedByWeek(db: Knex, since: Date): Promise<Map<string, number>> {
    const rows = (await db("jobs")
      .where("created_at", ">=", since)
      .select(db.raw("date_trunc('week', created_at at time zone 'UTC')::date as week"))
      .count({ n: "*" })
      .groupByRaw("1")) as Array<{ week: Date | string; n: number | string }>;
    return new Map(rows.map((row) => [toDateOnly(row.week)!, toCount(row.n)]));
  },

  /**
   * Money received per week (Monday, UTC) since a moment: succeeded payments, by when they succeeded (the
   * provider's event time when known, else the last change of the record).
   * @returns week (YYYY-MM-DD) → whole cents
   */
  async sumSucceededPaymentsByWeek(db: Knex, since: Date): Promise<Map<string, number>> {
    const paidAt = "coalesce(last_event_at, updated_at)";
    const rows = (await db("payments")
      .where("status", "succeeded")
      .whereRaw(`${paidAt} >= ?`, [since])
      .select(db.raw(`date_trunc('week', ${paidAt} at time zone 'UTC')::date as week`))
      .sum({ cents: "amount" })
      .groupByRaw("1")) as Array<{ week: Date | string; cents: number | string | null }>;
    return new Map(rows.map((row) => [toDateOnly(row.week)!, Number(row.cents ?? 0)]));
  },
};
