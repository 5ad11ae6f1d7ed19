import type { Knex } from "knex";
import type { DisputeStatus } from "@forgehire/core";
import { toCount, toDate, toDateOrNull } from "./rows.js";

/** A dispute as stored. */
export interface DisputeRecord {
  id: string;
  jobId: number;
  /** the story disputed; null when the dispute covers every story not approved when it was opened */
  storyId: string | null;
  status: DisputeStatus;
  reason: string;
  openedBy: string;
  openedAt: Date;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  releaseCents: number | null;
  refundCents: number | null;
  note: string | null;
}

interface DisputeRow {
  id: string;
  job_id: number;
  story_id: string | null;
  status: DisputeStatus;
  reason: string;
  opened_by: string;
  opened_at: Date | string;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  release_cents: number | string | null;
  refund_cents: number | string | null;
  note: string | null;
}

const centsOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toRecord(row: DisputeRow): DisputeRecord {
  return {
    id: row.id,
    jobId: row.job_id,
    storyId: row.story_id,
    status: row.status,
    reason: row.reason,
    openedBy: row.opened_by,
    openedAt: toDate(row.opened_at),
    resolvedBy: row.resolved_by,
    resolvedAt: toDateOrNull(row.resolved_at),
    releaseCents: centsOrNull(row.release_cents),
    refundCents: centsOrNull(row.refund_cents),
    note: row.note,
  };
}

/** Sortable dispute fields of the back office, and their columns. */
export const adminDisputeSortColumns = { id: "id", openedAt: "opened_at", resolvedAt: "resolved_at", status: "status", jobId: "job_id" } as const;
/** A sortable dispute field. */
export type AdminDisputeSortField = keyof typeof adminDisputeSortColumns;

/** Disputes: opened on a job or story, resolved once by an admin. */
export const disputesRepository = {
  async insert(db: Knex, dispute: { jobId: number; storyId: string | null; reason: string; openedBy: string; openedAt: Date }): Promise<DisputeRecord> {
    const [row] = (await db("disputes")
      .insert({ job_id: dispute.jobId, story_id: dispute.storyId, reason: dispute.reason, opened_by: dispute.openedBy, opened_at: dispute.openedAt })
      .returning("*")) as DisputeRow[];
    return toRecord(row!);
  },

  async findById(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<DisputeRecord | undefined> {
    const query = db("disputes").where({ id }).first();
    if (options.forUpdate) query.forUpdate();
    const row = (await query) as DisputeRow | undefined;
    return row && toRecord(row);
  },

  /**
   * Records the resolution, only if the dispute is still open: false when another resolution got there first.
   */
  async markResolved(
    db: Knex,
    id: string,
    resolution: { resolvedBy: string; resolvedAt: Date; releaseCents: number; refundCents: number; note: string | null },
  ): Promise<boolean> {
    const updated = await db("disputes").where({ id, status: "open" }).update({
      status: "resolved",
      resolved_by: resolution.resolvedBy,
      resolved_at: resolution.resolvedAt,
      release_cents: resolution.releaseCents,
      refund_cents: resolution.refundCents,
      note: resolution.note,
    });
    return updated === 1;
  },

  /** A job's disputes, newest first (a job has a handful at most, so unpaginated by design). */
  async listForJob(db: Knex, jobId: number): Promise<DisputeRecord[]> {
    const rows = (await db("disputes").where({ job_id: jobId }).orderBy("opened_at", "desc").orderBy("id", "desc")) as DisputeRow[];
    return rows.map(toRecord);
  },

  async list(
    db: Knex,
    filter: { ids?: string[] | undefined; status?: DisputeStatus | undefined; jobId?: number | undefined },
    query: { sort: AdminDisputeSortField; order: "asc" | "desc"; offset: number; limit: number },
  ): Promise<{ rows: DisputeRecord[]; total: number }> {
    const filtered = db("disputes").modify((builder) => {
      if (filter.ids) builder.whereIn("id", filter.ids);
      if (filter.status !== undefined) builder.where("status", filter.status);
      if (filter.jobId !== undefined) builder.where("job_id", filter.jobId);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const column = adminDisputeSortColumns[query.sort];
    const rows = (await filtered
      .clone()
      .select("*")
      .orderBy(column, query.order)
      .modify((builder) => {
        if (column !== "id") builder.orderBy("id", query.order);
      })
      .offset(query.offset)
      .limit(query.limit)) as DisputeRow[];
    return { rows: rows.map(toRecord), total: toCount(countRow?.total) };
  },
};
