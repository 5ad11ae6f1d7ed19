import type { Knex } from "knex";
import type { DisputeOpener, DisputeStatus } from "@forgehire/core";
import { toCount, toDate, toDateOrNull } from "./rows.js";

/** A dispute as stored. */
export interface DisputeRecord {
  id: string;
  jobId: number;
  /** the story disputed; null when the dispute covers every story not approved when it was opened */
  storyId: string | null;
  status: DisputeStatus;
  reason: string;
  /** the user who opened it; null when the card provider did */
  openedBy: string | null;
  openedVia: DisputeOpener;
  /** the provider's dispute id when the provider opened it */
  providerDisputeId: string | null;
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
  opened_by: string | null;
  opened_via: DisputeOpener;
  provider_dispute_id: string | null;
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
    openedVia: row.opened_via,
    providerDisputeId: row.provider_dispute_id,
    openedAt: toDate(row.opened_at),
    resolvedBy: row.resolved_by,
    resolvedAt: toDateOrNull(row.resolved_at),
    releaseCents: centsOrNull(row.release_cents),
    refundCents: centsOrNull(row.refund_cents),
    note: row.note,
  };
}

/** A dispute as the back office lists it: with its job's title and the cents it holds. */
export interface AdminDisputeRecord extends DisputeRecord {
  jobTitle: string;
  heldCents: number;
}

// What a dispute holds, per row of the list: one index probe of the job's stories (requirement_tasks by job).
const heldOfDispute = `case when d.status = 'resolved' then coalesce(d.release_cents, 0) + coalesce(d.refund_cents, 0)
  else (select coalesce(sum(s.amount_cents), 0) from requirement_tasks s
         where s.job_id = d.job_id and s.type = 'story' and s.delivery_status = 'disputed'
           and (s.id = d.story_id or (d.story_id is null and not exists (
                 select 1 from disputes o where o.story_id = s.id and o.status = 'open')))) end`;

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

  /**
   * Records a dispute the card provider opened (a chargeback), once per provider dispute id: the unique index decides
   * between concurrent deliveries of the same chargeback.
   * @returns the dispute, or undefined when this provider dispute was recorded already
   */
  async insertFromProvider(
    db: Knex,
    dispute: { jobId: number; reason: string; providerDisputeId: string; openedAt: Date },
  ): Promise<DisputeRecord | undefined> {
    const [row] = (await db("disputes")
      .insert({
        job_id: dispute.jobId,
        story_id: null,
        reason: dispute.reason,
        opened_by: null,
        opened_via: "provider",
        provider_dispute_id: dispute.providerDisputeId,
        opened_at: dispute.openedAt,
      })
      // The only unique index a story-less dispute can meet is the provider dispute id's.
      .onConflict()
      .ignore()
      .returning("*")) as DisputeRow[];
    return row && toRecord(row);
  },

  /** The stories of a job held by an open dispute of their own (not a job-wide one). */
  async storiesInOpenStoryDisputes(db: Knex, jobId: number): Promise<Set<string>> {
    const rows = (await db("disputes").where({ job_id: jobId, status: "open" }).whereNotNull("story_id").select("story_id")) as Array<{ story_id: string }>;
    return new Set(rows.map((row) => row.story_id));
  },

  async findByProviderDisputeId(db: Knex, providerDisputeId: string): Promise<DisputeRecord | undefined> {
    const row = (await db("disputes").where({ provider_dispute_id: providerDisputeId }).first()) as DisputeRow | undefined;
    return row && toRecord(row);
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

  /**
   * The back office's page of disputes, each with its job's title and what it holds: while open, the milestones of
   * its stories still disputed (its story, or every disputed story of its job); once resolved, what was split. Sorted
   * by status, open ones come first, oldest first within each status (then by id, for a stable page).
   */
  async list(
    db: Knex,
    filter: { ids?: string[] | undefined; status?: DisputeStatus | undefined; jobId?: number | undefined },
    query: { sort: AdminDisputeSortField; order: "asc" | "desc"; offset: number; limit: number },
  ): Promise<{ rows: AdminDisputeRecord[]; total: number }> {
    const filtered = db({ d: "disputes" }).modify((builder) => {
      if (filter.ids) builder.whereIn("d.id", filter.ids);
      if (filter.status !== undefined) builder.where("d.status", filter.status);
      if (filter.jobId !== undefined) builder.where("d.job_id", filter.jobId);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const column = `d.${adminDisputeSortColumns[query.sort]}`;
    const rows = (await filtered
      .clone()
      .join({ j: "jobs" }, "j.id", "d.job_id")
      .select("d.*", "j.title as job_title", db.raw(`${heldOfDispute} as held_cents`))
      .orderBy(column, query.order)
      .modify((builder) => {
        if (column === "d.status") builder.orderBy("d.opened_at", "asc");
        if (column !== "d.id") builder.orderBy("d.id", query.order);
      })
      .offset(query.offset)
      .limit(query.limit)) as Array<DisputeRow & { job_title: string; held_cents: number | string | null }>;
    return {
      rows: rows.map((row) => ({ ...toRecord(row), jobTitle: row.job_title, heldCents: Number(row.held_cents ?? 0) })),
      total: toCount(countRow?.total),
    };
  },
};
