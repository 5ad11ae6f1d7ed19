import type { Knex } from "knex";
import { ledgerAccountOf, type ApprovedBy, type DeliveryStatus, type LedgerAccount, type LedgerTransactionKind } from "@forgehire/core";
import type { AdminPage, AdminPageQuery } from "./admin-lists.js";
import { toCount, toDate, toDateOrNull } from "./rows.js";

/**
 * The back office's money screens (issue 18): deliveries across jobs, every ledger transaction with its entries, and
 * the dashboard's money counters. Each list is one count and one page query (ledger entries: one more query for the
 * whole page), each served by an index in its default order (migrations 20261127160100 and 20261127210000).
 */

/** A story's delivery as the back office lists it. */
export interface AdminDeliveryRecord {
  id: string;
  jobId: number;
  jobTitle: string;
  title: string;
  description: string;
  amountCents: number | null;
  freelancerId: string | null;
  freelancerName: string;
  status: DeliveryStatus;
  submittedAt: Date | null;
  reviewDueAt: Date | null;
  approvedAt: Date | null;
  approvedBy: ApprovedBy | null;
  revisionCount: number;
  note: string | null;
  links: string[];
}

/** Sortable delivery fields and their columns. */
export const adminDeliverySortColumns = {
  id: "s.id",
  reviewDueAt: "s.review_due_at",
  submittedAt: "s.submitted_at",
  approvedAt: "s.approved_at",
  amountCents: "s.amount_cents",
  jobId: "s.job_id",
  title: "s.title",
} as const;
/** A field the delivery list may be sorted on. */
export type AdminDeliverySortField = keyof typeof adminDeliverySortColumns;

/** What the delivery list can be narrowed by. */
export interface AdminDeliveryFilter {
  ids?: string[] | undefined;
  status?: DeliveryStatus | undefined;
  jobId?: number | undefined;
  /** only stories whose review was due before this instant */
  reviewDueBefore?: Date | undefined;
}

interface DeliveryRow {
  id: string;
  job_id: number;
  job_title: string;
  title: string;
  description: string;
  amount_cents: number | string | null;
  freelancer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  delivery_status: DeliveryStatus;
  submitted_at: Date | string | null;
  review_due_at: Date | string | null;
  approved_at: Date | string | null;
  approved_by: ApprovedBy | null;
  revision_count: number | string;
  delivery_note: string | null;
  delivery_links: unknown;
}

function toDelivery(row: DeliveryRow): AdminDeliveryRecord {
  const links: unknown = typeof row.delivery_links === "string" ? JSON.parse(row.delivery_links) : row.delivery_links;
  return {
    id: row.id,
    jobId: row.job_id,
    jobTitle: row.job_title,
    title: row.title,
    description: row.description,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    freelancerId: row.freelancer_id,
    freelancerName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
    status: row.delivery_status,
    submittedAt: toDateOrNull(row.submitted_at),
    reviewDueAt: toDateOrNull(row.review_due_at),
    approvedAt: toDateOrNull(row.approved_at),
    approvedBy: row.approved_by,
    revisionCount: Number(row.revision_count),
    note: row.delivery_note,
    links: Array.isArray(links) ? links.filter((link): link is string => typeof link === "string") : [],
  };
}

/** One ledger transaction as the back office lists it. */
export interface AdminLedgerTransactionRecord {
  id: number;
  kind: LedgerTransactionKind;
  jobId: number;
  jobTitle: string;
  storyId: string | null;
  paymentId: string | null;
  idempotencyKey: string;
  actorKind: string | null;
  createdAt: Date;
  entries: Array<{ account: LedgerAccount; amountCents: number }>;
}

/** Sortable ledger transaction fields; the id is the order they were written in, so createdAt sorts by it too. */
export const adminLedgerSortColumns = { id: "t.id", createdAt: "t.id", jobId: "t.job_id", kind: "t.kind" } as const;
/** A field the ledger transaction list may be sorted on. */
export type AdminLedgerSortField = keyof typeof adminLedgerSortColumns;

/** What the ledger transaction list can be narrowed by. */
export interface AdminLedgerFilter {
  ids?: number[] | undefined;
  jobId?: number | undefined;
  kind?: LedgerTransactionKind | undefined;
}

interface LedgerRow {
  id: number;
  kind: LedgerTransactionKind;
  job_id: number;
  job_title: string;
  story_id: string | null;
  payment_id: string | null;
  idempotency_key: string;
  actor_kind: string | null;
  created_at: Date | string;
}

/** The dashboard's money counters, whole cents. */
export interface AdminMoneyTotals {
  heldCents: number;
  inReviewCents: number;
  disputedCents: number;
}

const sumOf = (rows: Array<{ total: number | string | null }>) => Number(rows[0]?.total ?? 0);

/** The back office's money queries; the only place they live. */
export const adminMoneyRepository = {
  async listDeliveries(db: Knex, filter: AdminDeliveryFilter, query: AdminPageQuery<AdminDeliverySortField>): Promise<AdminPage<AdminDeliveryRecord>> {
    // Deleted jobs are out of the back office's job list, so their stories are out of this one too.
    const filtered = db({ s: "requirement_tasks" })
      .join({ j: "jobs" }, "j.id", "s.job_id")
      .where("s.type", "story")
      .whereNot("j.status", "inactive")
      .modify((builder) => {
        if (filter.ids) builder.whereIn("s.id", filter.ids);
        if (filter.status !== undefined) builder.where("s.delivery_status", filter.status);
        if (filter.jobId !== undefined) builder.where("s.job_id", filter.jobId);
        if (filter.reviewDueBefore !== undefined) builder.where("s.review_due_at", "<", filter.reviewDueBefore);
      });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const column = adminDeliverySortColumns[query.sort];
    const rows = (await filtered
      .clone()
      .leftJoin({ u: "users" }, "u.id", "j.freelancer_id")
      .select("s.*", "j.title as job_title", "j.freelancer_id", "u.first_name", "u.last_name")
      // Stories without the time sorted on (a story never submitted has no due time) come last either way.
      .orderByRaw(`${column} ${query.order} nulls last`)
      .modify((builder) => {
        if (column !== "s.id") builder.orderBy("s.id", query.order);
      })
      .offset(query.offset)
      .limit(query.limit)) as DeliveryRow[];
    return { rows: rows.map(toDelivery), total: toCount(countRow?.total) };
  },

  async listLedgerTransactions(
    db: Knex,
    filter: AdminLedgerFilter,
    query: AdminPageQuery<AdminLedgerSortField>,
  ): Promise<AdminPage<AdminLedgerTransactionRecord>> {
    const filtered = db({ t: "ledger_transactions" }).modify((builder) => {
      if (filter.ids) builder.whereIn("t.id", filter.ids);
      if (filter.jobId !== undefined) builder.where("t.job_id", filter.jobId);
      if (filter.kind !== undefined) builder.where("t.kind", filter.kind);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const column = adminLedgerSortColumns[query.sort];
    const rows = (await filtered
      .clone()
      .join({ j: "jobs" }, "j.id", "t.job_id")
      .select("t.id", "t.kind", "t.job_id", "j.title as job_title", "t.story_id", "t.payment_id", "t.idempotency_key", "t.actor_kind", "t.created_at")
      .orderBy(column, query.order)
      .modify((builder) => {
        if (column !== "t.id") builder.orderBy("t.id", query.order);
      })
      .offset(query.offset)
      .limit(query.limit)) as LedgerRow[];
    // The page's entries in one query (ledger_entries_transaction_id_index), not one per transaction.
    const entries =
      rows.length === 0
        ? []
        : ((await db("ledger_entries")
            .whereIn(
              "transaction_id",
              rows.map((row) => row.id),
            )
            .orderBy("id", "asc")
            .select("transaction_id", "account_kind", "account_owner", "amount_cents")) as Array<{
            transaction_id: number;
            account_kind: string;
            account_owner: string | null;
            amount_cents: number | string;
          }>);
    return {
      rows: rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        jobId: Number(row.job_id),
        jobTitle: row.job_title,
        storyId: row.story_id,
        paymentId: row.payment_id,
        idempotencyKey: row.idempotency_key,
        actorKind: row.actor_kind,
        createdAt: toDate(row.created_at),
        entries: entries
          .filter((entry) => Number(entry.transaction_id) === Number(row.id))
          .map((entry) => ({ account: ledgerAccountOf(entry.account_kind, entry.account_owner), amountCents: Number(entry.amount_cents) })),
      })),
      total: toCount(countRow?.total),
    };
  },

  /**
   * The dashboard's money, one query each: every job's escrow balance in the ledger (what is held), and the
   * milestones of the stories in review and of those disputed (their money is still in escrow: nothing of a story is
   * released before it is approved).
   */
  async totals(db: Knex): Promise<AdminMoneyTotals> {
    const [held, inReview, disputed] = await Promise.all([
      // ledger_entries_account_index: the escrow accounts' entries only.
      db("ledger_entries").where("account_kind", "escrow").sum({ total: "amount_cents" }),
      // requirement_tasks_review_due_at_index is partial on exactly this state.
      db("requirement_tasks").where({ type: "story", delivery_status: "in_review" }).sum({ total: "amount_cents" }),
      db("requirement_tasks").where({ type: "story", delivery_status: "disputed" }).sum({ total: "amount_cents" }),
    ]);
    return {
      heldCents: sumOf(held as Array<{ total: number | string | null }>),
      inReviewCents: sumOf(inReview as Array<{ total: number | string | null }>),
      disputedCents: sumOf(disputed as Array<{ total: number | string | null }>),
    };
  },
};
