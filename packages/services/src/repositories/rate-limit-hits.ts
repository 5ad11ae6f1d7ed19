import type { Knex } from "knex";
import { affectedRows, toDate } from "./rows.js";

/** A key's tries in its current window. */
export interface RateLimitCount {
  hits: number;
  resetAt: Date;
}

/** Rate-limit counters shared by every server process (one row per key and window). */
export const rateLimitHitsRepository = {
  /**
   * Counts more tries for the key, in one statement so concurrent tries from several processes all count:
   * a window that has ended starts again from these.
   * @param now the clock's time
   * @param windowMs the window's length
   * @param tries how many to add (a process that counts locally adds its tries in one go)
   */
  async increment(db: Knex, key: string, now: Date, windowMs: number, tries = 1): Promise<RateLimitCount> {
    const resetAt = new Date(now.getTime() + windowMs);
    const { rows } = (await db.raw(
      `insert into rate_limit_hits (key, hits, reset_at) values (?, ?, ?)
       on conflict (key) do update set
         hits = case when rate_limit_hits.reset_at <= ? then excluded.hits else rate_limit_hits.hits + excluded.hits end,
         reset_at = case when rate_limit_hits.reset_at <= ? then excluded.reset_at else rate_limit_hits.reset_at end
       returning hits, reset_at`,
      [key, tries, resetAt, now, now],
    )) as { rows: Array<{ hits: number; reset_at: Date | string }> };
    const row = rows[0];
    if (!row) throw new Error("rate limit upsert returned no row");
    return { hits: row.hits, resetAt: toDate(row.reset_at) };
  },

  /** Takes back one try (express-rate-limit's skipSuccessfulRequests and the like). */
  async decrement(db: Knex, key: string, now: Date): Promise<void> {
    await db("rate_limit_hits").where({ key }).where("reset_at", ">", now).where("hits", ">", 0).decrement("hits", 1);
  },

  async reset(db: Knex, key: string): Promise<void> {
    await db("rate_limit_hits").where({ key }).delete();
  },

  /** @returns how many ended windows were swept */
  async deleteExpired(db: Knex, now: Date): Promise<number> {
    return affectedRows(await db("rate_limit_hits").where("reset_at", "<=", now).delete());
  },
};
