import type { Payout, PayoutStatus } from "@forgehire/core";
import type { Knex } from "knex";
import { toCount, toDate, toDateOrNull } from "./rows.js";

/** A freelancer's connected account at the payment provider. */
export interface ConnectedAccountRow {
  userId: string;
  provider: "stripe" | "test";
  providerAccountId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  updatedAt: Date;
}

interface AccountRow {
  user_id: string;
  provider: "stripe" | "test";
  provider_account_id: string;
  payouts_enabled: boolean;
  details_submitted: boolean;
  updated_at: Date | string;
}

const toAccount = (row: AccountRow): ConnectedAccountRow => ({
  userId: row.user_id,
  provider: row.provider,
  providerAccountId: row.provider_account_id,
  payoutsEnabled: row.payouts_enabled,
  detailsSubmitted: row.details_submitted,
  updatedAt: toDate(row.updated_at),
});

/** A payout as stored, with the ledger transactions it points to. */
export interface PayoutRow {
  id: string;
  freelancerId: string;
  jobId: number;
  storyId: string | null;
  releaseTransactionId: number;
  ledgerTransactionId: number | null;
  amountCents: number;
  reversedCents: number;
  provider: "stripe" | "test";
  providerAccountId: string;
  providerTransferId: string | null;
  status: PayoutStatus;
  failureReason: string | null;
  idempotencyKey: string;
}

interface PayoutDbRow {
  id: string;
  freelancer_id: string;
  job_id: number | string;
  story_id: string | null;
  release_transaction_id: number | string;
  ledger_transaction_id: number | string | null;
  amount_cents: number | string;
  reversed_cents: number | string;
  provider: "stripe" | "test";
  provider_account_id: string;
  provider_transfer_id: string | null;
  status: PayoutStatus;
  failure_reason: string | null;
  idempotency_key: string;
}

const toPayout = (row: PayoutDbRow): PayoutRow => ({
  id: row.id,
  freelancerId: row.freelancer_id,
  jobId: Number(row.job_id),
  storyId: row.story_id,
  releaseTransactionId: Number(row.release_transaction_id),
  ledgerTransactionId: row.ledger_transaction_id === null ? null : Number(row.ledger_transaction_id),
  amountCents: Number(row.amount_cents),
  reversedCents: Number(row.reversed_cents),
  provider: row.provider,
  providerAccountId: row.provider_account_id,
  providerTransferId: row.provider_transfer_id,
  status: row.status,
  failureReason: row.failure_reason,
  idempotencyKey: row.idempotency_key,
});

/** A release of a freelancer's money that no payout has taken yet. */
export interface UnpaidRelease {
  releaseTransactionId: number;
  jobId: number;
  storyId: string | null;
  /** the net the release credited to the freelancer's available balance */
  netCents: number;
}

/** The columns of a listed payout, with the names the API shows beside the ids. */
const listColumns = ["p.*", "j.title as job_title", "s.title as story_title", "u.first_name as freelancer_first_name", "u.last_name as freelancer_last_name"];

interface ListedRow extends PayoutDbRow {
  job_title: string | null;
  story_title: string | null;
  freelancer_first_name: string | null;
  freelancer_last_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  paid_at: Date | string | null;
}

/** A listed payout as the API shows it. */
export function presentPayoutRow(row: ListedRow): Payout {
  const payout = toPayout(row);
  return {
    id: payout.id,
    freelancerId: payout.freelancerId,
    freelancerName: [row.freelancer_first_name, row.freelancer_last_name].filter(Boolean).join(" "),
    jobId: payout.jobId,
    jobTitle: row.job_title ?? "",
    storyId: payout.storyId,
    storyTitle: row.story_title,
    amountCents: payout.amountCents,
    reversedCents: payout.reversedCents,
    status: payout.status,
    provider: payout.provider,
    providerTransferId: payout.providerTransferId,
    failureReason: payout.failureReason,
    createdAt: toDate(row.created_at).toISOString(),
    paidAt: toDateOrNull(row.paid_at)?.toISOString() ?? null,
    updatedAt: toDate(row.updated_at).toISOString(),
  };
}

/** What the back office may sort payouts by, and the column each is. */
export const payoutSortColumns: Record<string, string> = {
  id: "p.id",
  createdAt: "p.created_at",
  updatedAt: "p.updated_at",
  paidAt: "p.paid_at",
  amountCents: "p.amount_cents",
  status: "p.status",
  jobId: "p.job_id",
};

/** The back office's filters of payouts. */
export interface PayoutFilter {
  freelancerId?: string;
  jobId?: number;
  status?: PayoutStatus;
  ids?: string[];
}

function listQuery(db: Knex, filter: PayoutFilter): Knex.QueryBuilder {
  const query = db("payouts as p")
    .leftJoin("jobs as j", "j.id", "p.job_id")
    .leftJoin("requirement_tasks as s", "s.id", "p.story_id")
    .leftJoin("users as u", "u.id", "p.freelancer_id");
  if (filter.freelancerId) query.where("p.freelancer_id", filter.freelancerId);
  if (filter.jobId !== undefined) query.where("p.job_id", filter.jobId);
  if (filter.status) query.where("p.status", filter.status);
  if (filter.ids) query.whereIn("p.id", filter.ids);
  return query;
}

/** Connected accounts and payouts: the only place their queries live. */
export const payoutsRepository = {
  async findAccount(db: Knex, userId: string, options: { forUpdate?: boolean } = {}): Promise<ConnectedAccountRow | undefined> {
    const query = db("connected_accounts").where({ user_id: userId }).first();
    if (options.forUpdate) query.forUpdate();
    const row = (await query) as AccountRow | undefined;
    return row && toAccount(row);
  },

  async findAccountByProviderId(db: Knex, providerAccountId: string): Promise<ConnectedAccountRow | undefined> {
    const row = (await db("connected_accounts").where({ provider_account_id: providerAccountId }).first()) as AccountRow | undefined;
    return row && toAccount(row);
  },

  /** Stores the freelancer's account once; a second call (a race, a retry) keeps the first. */
  async insertAccount(db: Knex, account: { userId: string; provider: "stripe" | "test"; providerAccountId: string }, now: Date): Promise<ConnectedAccountRow> {
    await db("connected_accounts")
      .insert({ user_id: account.userId, provider: account.provider, provider_account_id: account.providerAccountId, created_at: now, updated_at: now })
      .onConflict("user_id")
      .ignore();
    return (await payoutsRepository.findAccount(db, account.userId))!;
  },

  /**
   * Sets what the provider says of an account.
   * @returns the account before the change and after it; undefined when no such account is ours
   */
  async updateAccount(
    db: Knex,
    providerAccountId: string,
    state: { payoutsEnabled: boolean; detailsSubmitted: boolean },
    now: Date,
  ): Promise<{ before: ConnectedAccountRow; after: ConnectedAccountRow } | undefined> {
    const row = (await db("connected_accounts").where({ provider_account_id: providerAccountId }).forUpdate().first()) as AccountRow | undefined;
    if (!row) return undefined;
    const [updated] = (await db("connected_accounts")
      .where({ provider_account_id: providerAccountId })
      .update({ payouts_enabled: state.payoutsEnabled, details_submitted: state.detailsSubmitted, updated_at: now })
      .returning("*")) as AccountRow[];
    return { before: toAccount(row), after: toAccount(updated!) };
  },

  /** The freelancer's releases that no payout has taken, oldest first. */
  async unpaidReleases(db: Knex, freelancerId: string): Promise<UnpaidRelease[]> {
    const rows = (await db("ledger_entries as e")
      .join("ledger_transactions as t", "t.id", "e.transaction_id")
      .where({ "t.kind": "release", "e.account_kind": "freelancer_available", "e.account_owner": freelancerId })
      .where("e.amount_cents", ">", 0)
      .whereNotExists(db("payouts as p").select(db.raw("1")).whereRaw("p.release_transaction_id = t.id"))
      .groupBy("t.id", "t.job_id", "t.story_id")
      .orderBy("t.id")
      .select("t.id", "t.job_id", "t.story_id", db.raw("sum(e.amount_cents) as net"))) as Array<{
      id: number | string;
      job_id: number | string;
      story_id: string | null;
      net: number | string;
    }>;
    return rows.map((row) => ({ releaseTransactionId: Number(row.id), jobId: Number(row.job_id), storyId: row.story_id, netCents: Number(row.net) }));
  },

  /**
   * Reserves the payout of one release: the row is written once per release (its unique key); a second call finds it.
   * @returns the row and whether this call wrote it
   */
  async reserve(
    trx: Knex,
    payout: Omit<PayoutRow, "id" | "ledgerTransactionId" | "reversedCents" | "providerTransferId" | "status" | "failureReason">,
    now: Date,
  ): Promise<{ payout: PayoutRow; created: boolean }> {
    const [inserted] = (await trx("payouts")
      .insert({
        freelancer_id: payout.freelancerId,
        job_id: payout.jobId,
        story_id: payout.storyId,
        release_transaction_id: payout.releaseTransactionId,
        amount_cents: payout.amountCents,
        provider: payout.provider,
        provider_account_id: payout.providerAccountId,
        idempotency_key: payout.idempotencyKey,
        created_at: now,
        updated_at: now,
      })
      .onConflict("release_transaction_id")
      .ignore()
      .returning("*")) as PayoutDbRow[];
    if (inserted) return { payout: toPayout(inserted), created: true };
    const existing = (await trx("payouts").where({ release_transaction_id: payout.releaseTransactionId }).first()) as PayoutDbRow;
    return { payout: toPayout(existing), created: false };
  },

  async setLedgerTransaction(trx: Knex, id: string, ledgerTransactionId: number): Promise<void> {
    await trx("payouts").where({ id }).update({ ledger_transaction_id: ledgerTransactionId });
  },

  async findById(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<PayoutRow | undefined> {
    const query = db("payouts").where({ id }).first();
    if (options.forUpdate) query.forUpdate();
    const row = (await query) as PayoutDbRow | undefined;
    return row && toPayout(row);
  },

  async findByTransferId(db: Knex, providerTransferId: string): Promise<PayoutRow | undefined> {
    const row = (await db("payouts").where({ provider_transfer_id: providerTransferId }).first()) as PayoutDbRow | undefined;
    return row && toPayout(row);
  },

  /** The freelancer's payouts still waiting for the provider's answer, oldest first. */
  async listPending(db: Knex, freelancerId: string): Promise<PayoutRow[]> {
    const rows = (await db("payouts").where({ freelancer_id: freelancerId, status: "pending" }).orderBy("created_at").orderBy("id")) as PayoutDbRow[];
    return rows.map(toPayout);
  },

  /** A pending payout paid: only from pending (a second process's answer, the same transfer, changes nothing). */
  async markPaid(db: Knex, id: string, providerTransferId: string, now: Date): Promise<boolean> {
    const count = await db("payouts")
      .where({ id, status: "pending" })
      .update({ status: "paid", provider_transfer_id: providerTransferId, paid_at: now, updated_at: now });
    return count > 0;
  },

  /** A payout that failed or came back: its status, reason and how much came back, with the reversal's transaction. */
  async markUndone(
    db: Knex,
    id: string,
    change: { from: PayoutStatus; status: "failed" | "reversed"; reason: string | null; reversedCents: number; reversalTransactionId: number | null },
    now: Date,
  ): Promise<boolean> {
    const count = await db("payouts").where({ id, status: change.from }).update({
      status: change.status,
      failure_reason: change.reason,
      reversed_cents: change.reversedCents,
      reversal_transaction_id: change.reversalTransactionId,
      updated_at: now,
    });
    return count > 0;
  },

  /** A page of payouts with names, newest first unless sorted otherwise. */
  async list(
    db: Knex,
    filter: PayoutFilter,
    page: { offset: number; limit: number; sort?: { column: string; order: "asc" | "desc" } },
  ): Promise<{ rows: Payout[]; total: number }> {
    const sort = page.sort ?? { column: "p.created_at", order: "desc" as const };
    const rows = (await listQuery(db, filter)
      .select(listColumns)
      .orderBy(sort.column, sort.order)
      .orderBy("p.id", "desc")
      .offset(page.offset)
      .limit(page.limit)) as ListedRow[];
    const [count] = (await listQuery(db, filter).count({ total: "*" })) as Array<{ total: number | string }>;
    return { rows: rows.map(presentPayoutRow), total: toCount(count?.total) };
  },
};
