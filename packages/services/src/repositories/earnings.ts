import type { Knex } from "knex";
import { toCount, toDate, toDateOrNull } from "./rows.js";

/** One story's money for its freelancer, as stored: a story in review (not released) or a posted release. */
export interface EarningsRow {
  jobId: number;
  jobTitle: string;
  storyId: string;
  storyTitle: string;
  /** in review: the story's milestone (null for a job locked before milestones); released: the release's gross */
  grossCents: number | null;
  /** the release's fee and net; null while in review (core computes them) */
  feeCents: number | null;
  netCents: number | null;
  released: boolean;
  /** the story's payouts, less their reversals, left something paid out */
  paidOut: boolean;
  submittedAt: Date | null;
  releasedAt: Date | null;
}

interface Row {
  job_id: number | string;
  job_title: string;
  story_id: string;
  story_title: string | null;
  gross_cents: number | string | null;
  fee_cents: number | string | null;
  net_cents: number | string | null;
  released: boolean;
  paid_out: boolean;
  submitted_at: Date | string | null;
  released_at: Date | string | null;
}

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

// The two halves of a freelancer's earnings, newest first by `sort_at`:
// - stories of the jobs assigned to them that wait in review and have no release (jobs_freelancer_id_created_at_index,
//   then the job's stories by requirement_tasks_job_id_type_created_at_index);
// - the releases that credited their freelancer_available account (ledger_entries_account_index), whoever holds the
//   job now: a release belongs to whom it paid. Released amounts are the ledger's own (net, and the fee beside it),
//   never recomputed, so a changed PLATFORM_FEE_PERCENT does not rewrite history. A story's row may be gone (a release
//   outlives any breakdown change), hence the left join.
const earningsSql = `
  select j.id as job_id, j.title as job_title, s.id as story_id, s.title as story_title,
         s.amount_cents::bigint as gross_cents, null::bigint as fee_cents, null::bigint as net_cents,
         false as released, false as paid_out, s.submitted_at, null::timestamptz as released_at, s.submitted_at as sort_at
    from jobs j
    join requirement_tasks s on s.job_id = j.id and s.type = 'story'
   where j.freelancer_id = :userId and s.delivery_status = 'in_review'
     and not exists (select 1 from ledger_transactions r where r.kind = 'release' and r.story_id = s.id)
  union all
  select j.id, j.title, t.story_id, s.title,
         e.amount_cents + coalesce(f.fee, 0), coalesce(f.fee, 0), e.amount_cents,
         true,
         coalesce((select sum(pe.amount_cents) from ledger_transactions p
                     join ledger_entries pe on pe.transaction_id = p.id and pe.account_kind = 'freelancer_paid_out'
                    where p.kind = 'payout' and p.story_id = t.story_id), 0) > 0,
         s.submitted_at, t.created_at, t.created_at
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id and t.kind = 'release'
    join jobs j on j.id = t.job_id
    left join requirement_tasks s on s.id = t.story_id
    left join lateral (
      select sum(fe.amount_cents) as fee from ledger_entries fe where fe.transaction_id = t.id and fe.account_kind = 'platform_fees'
    ) f on true
   where e.account_kind = 'freelancer_available' and e.account_owner = :userId and e.amount_cents > 0`;

/** A freelancer's earnings: the only place their query lives. */
export const earningsRepository = {
  /**
   * A page of the freelancer's earnings rows, newest first (ties by story id, so pages never overlap).
   * @param db the database or a snapshot transaction
   * @param userId the freelancer
   * @param page offset and limit
   * @returns the rows and how many there are in all
   */
  async page(db: Knex, userId: string, page: { offset: number; limit: number }): Promise<{ rows: EarningsRow[]; total: number }> {
    const rows = (
      await db.raw(`select * from (${earningsSql}) e order by sort_at desc nulls last, story_id asc limit :limit offset :offset`, {
        userId,
        limit: page.limit,
        offset: page.offset,
      })
    ).rows as Row[];
    const [count] = (await db.raw(`select count(*) as total from (${earningsSql}) e`, { userId })).rows as Array<{ total: number | string }>;
    return {
      rows: rows.map((row) => ({
        jobId: Number(row.job_id),
        jobTitle: row.job_title,
        storyId: row.story_id,
        storyTitle: row.story_title ?? "",
        grossCents: orNull(row.gross_cents),
        feeCents: orNull(row.fee_cents),
        netCents: orNull(row.net_cents),
        released: row.released,
        paidOut: row.paid_out,
        submittedAt: toDateOrNull(row.submitted_at),
        releasedAt: row.released_at === null ? null : toDate(row.released_at),
      })),
      total: toCount(count?.total),
    };
  },

  /**
   * The milestones of the freelancer's stories in review now, for the in-review figure (every one, not a page).
   * @param db the database or a snapshot transaction
   * @param userId the freelancer
   * @returns each story's amount in cents (null for a job locked before milestones)
   */
  async inReviewAmounts(db: Knex, userId: string): Promise<Array<number | null>> {
    const rows = (await db("requirement_tasks as s")
      .join("jobs as j", "j.id", "s.job_id")
      .where({ "j.freelancer_id": userId, "s.type": "story", "s.delivery_status": "in_review" })
      .whereNotExists(db("ledger_transactions as r").select(db.raw("1")).where("r.kind", "release").whereRaw("r.story_id = s.id"))
      .select("s.amount_cents")) as Array<{ amount_cents: number | string | null }>;
    return rows.map((row) => orNull(row.amount_cents));
  },
};
