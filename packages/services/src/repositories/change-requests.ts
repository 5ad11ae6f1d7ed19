import type { Knex } from "knex";
import type { ChangeRequestStatus } from "@forgehire/core";
import { affectedRows, toDate, toDateOrNull } from "./rows.js";

export interface ChangeRequestRecord {
  id: string;
  jobId: number;
  requestedBy: string | null;
  description: string;
  status: ChangeRequestStatus;
  storyId: string | null;
  /** the quote of a request on a paid job (quoted, paid, declined); null for one in the job's own scope (pending) */
  priceCents: number | null;
  estimateHours: number | null;
  paidAt: Date | null;
  declinedAt: Date | null;
  createdAt: Date;
}

interface ChangeRequestRow {
  id: string;
  job_id: number;
  requested_by: string | null;
  description: string;
  status: ChangeRequestStatus;
  story_id: string | null;
  price_cents?: number | string | null;
  estimate_hours?: number | string | null;
  paid_at?: Date | string | null;
  declined_at?: Date | string | null;
  created_at: Date | string;
}

const orNull = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

const toRecord = (row: ChangeRequestRow): ChangeRequestRecord => ({
  id: row.id,
  jobId: row.job_id,
  requestedBy: row.requested_by,
  description: row.description,
  status: row.status,
  storyId: row.story_id,
  priceCents: orNull(row.price_cents),
  estimateHours: orNull(row.estimate_hours),
  paidAt: toDateOrNull(row.paid_at ?? null),
  declinedAt: toDateOrNull(row.declined_at ?? null),
  createdAt: toDate(row.created_at),
});

export const changeRequestsRepository = {
  async insert(
    db: Knex,
    request: {
      jobId: number;
      requestedBy: string;
      description: string;
      storyId: string | null;
      quote?: { priceCents: number; estimateHours: number } | null;
    },
  ): Promise<ChangeRequestRecord> {
    const [row] = (await db("job_change_requests")
      .insert({
        job_id: request.jobId,
        requested_by: request.requestedBy,
        description: request.description,
        story_id: request.storyId,
        ...(request.quote ? { status: "quoted", price_cents: request.quote.priceCents, estimate_hours: request.quote.estimateHours } : {}),
      })
      .returning("*")) as ChangeRequestRow[];
    return toRecord(row!);
  },

  async findById(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<ChangeRequestRecord | undefined> {
    const query = db("job_change_requests").where({ id });
    if (options.forUpdate) query.forUpdate();
    const row = (await query.first()) as ChangeRequestRow | undefined;
    return row && toRecord(row);
  },

  async linkStory(db: Knex, id: string, storyId: string): Promise<void> {
    await db("job_change_requests").where({ id }).update({ story_id: storyId, updated_at: db.fn.now() });
  },

  /**
   * Marks a quoted request paid, with the story its payment made.
   * @returns true when this call moved it (it was still quoted)
   */
  async markPaid(db: Knex, id: string, storyId: string, now: Date): Promise<boolean> {
    const result = await db("job_change_requests").where({ id, status: "quoted" }).update({ status: "paid", story_id: storyId, paid_at: now, updated_at: now });
    return affectedRows(result) > 0;
  },

  /**
   * Marks a quoted request declined.
   * @returns true when this call moved it (it was still quoted)
   */
  async markDeclined(db: Knex, id: string, now: Date): Promise<boolean> {
    const result = await db("job_change_requests").where({ id, status: "quoted" }).update({ status: "declined", declined_at: now, updated_at: now });
    return affectedRows(result) > 0;
  },

  /** The paid change request whose story this is, if any. */
  async findPaidByStory(db: Knex, storyId: string): Promise<ChangeRequestRecord | undefined> {
    const row = (await db("job_change_requests").where({ story_id: storyId, status: "paid" }).first()) as ChangeRequestRow | undefined;
    return row && toRecord(row);
  },

  /** A job's change requests, oldest first (a handful per job). */
  async listForJob(db: Knex, jobId: number): Promise<ChangeRequestRecord[]> {
    const rows = (await db("job_change_requests").where({ job_id: jobId }).orderBy("created_at").orderBy("id")) as ChangeRequestRow[];
    return rows.map(toRecord);
  },

  /**
   * The estimated hours a job's own price paid for: every task of its stories but those of paid change requests
   * (priced by their own quotes). The job's rate is its price over these hours.
   */
  async jobOwnHours(db: Knex, jobId: number): Promise<number> {
    const [row] = (await db("requirement_tasks as t")
      .where({ "t.job_id": jobId, "t.type": "task" })
      .whereNotExists(db("job_change_requests as c").whereRaw("c.story_id = t.story_id").where("c.status", "paid"))
      .sum({ total: "t.estimate_hours" })) as Array<{ total: number | string | null }>;
    return Number(row?.total ?? 0);
  },
};
