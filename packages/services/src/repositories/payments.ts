import type { Knex } from "knex";
import { refundReasonMessages, type PaymentAttemptStatus, type RefundReason } from "@forgehire/core";
import { affectedRows, toCount, toDate, toDateOrNull } from "./rows.js";

/** One payment attempt of a job; amounts in whole cents. */
export interface PaymentRow {
  id: string;
  jobId: number;
  /** the change request it pays (its quote); null for the job's own price */
  changeRequestId: string | null;
  userId: string;
  provider: "stripe" | "test";
  providerPaymentId: string | null;
  amount: number;
  currency: string;
  status: PaymentAttemptStatus;
  attempt: number;
  idempotencyKey: string | null;
  lastError: string | null;
  /** When the last provider event applied to the attempt happened (by the provider's clock). */
  lastEventAt: Date | null;
  /** Why a provider success was not applied and must be (or was) refunded; null for a payment that counts. */
  refundReason: RefundReason | null;
  /** The provider's refund id once the money was given back. */
  providerRefundId: string | null;
  refundedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  job_id: number;
  change_request_id?: string | null;
  user_id: string;
  provider: PaymentRow["provider"];
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  status: PaymentAttemptStatus;
  attempt: number;
  idempotency_key: string | null;
  last_error: string | null;
  last_event_at: Date | string | null;
  refund_reason: RefundReason | null;
  provider_refund_id: string | null;
  refunded_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

function toRecord(row: Row): PaymentRow {
  return {
    id: row.id,
    jobId: row.job_id,
    changeRequestId: row.change_request_id ?? null,
    userId: row.user_id,
    provider: row.provider,
    providerPaymentId: row.provider_payment_id,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    attempt: Number(row.attempt),
    idempotencyKey: row.idempotency_key,
    lastError: row.last_error,
    lastEventAt: toDateOrNull(row.last_event_at),
    refundReason: row.refund_reason ?? null,
    providerRefundId: row.provider_refund_id ?? null,
    refundedAt: toDateOrNull(row.refunded_at ?? null),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Sortable fields of the back-office list, with their columns. */
export const paymentSortColumns = {
  id: "id",
  jobId: "job_id",
  amount: "amount",
  status: "status",
  provider: "provider",
  createdAt: "created_at",
  updatedAt: "updated_at",
} as const;

export type PaymentSortField = keyof typeof paymentSortColumns;

/** Payment attempts and provider events; the only place their tables are touched. */
export const paymentsRepository = {
  async insert(
    db: Knex,
    payment: {
      jobId: number;
      changeRequestId?: string | null;
      userId: string;
      provider: PaymentRow["provider"];
      amount: number;
      currency: string;
      attempt: number;
      idempotencyKey: string;
    },
  ): Promise<PaymentRow> {
    const [row] = (await db("payments")
      .insert({
        job_id: payment.jobId,
        change_request_id: payment.changeRequestId ?? null,
        user_id: payment.userId,
        provider: payment.provider,
        amount: payment.amount,
        currency: payment.currency,
        attempt: payment.attempt,
        idempotency_key: payment.idempotencyKey,
      })
      .returning("*")) as Row[];
    if (!row) throw new Error("payment insert returned no row");
    return toRecord(row);
  },

  async findById(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<PaymentRow | undefined> {
    const query = db("payments").where({ id });
    if (options.forUpdate) query.forUpdate();
    const row = (await query.first()) as Row | undefined;
    return row && toRecord(row);
  },

  async findByProviderId(db: Knex, providerPaymentId: string): Promise<PaymentRow | undefined> {
    const row = (await db("payments").where({ provider_payment_id: providerPaymentId }).first()) as Row | undefined;
    return row && toRecord(row);
  },

  /** The job's latest attempt at its own price (highest attempt number); a change request's attempts are its own. */
  async findLatestForJob(db: Knex, jobId: number): Promise<PaymentRow | undefined> {
    const row = (await db("payments")
      .where({ job_id: jobId })
      .whereNull("change_request_id")
      .orderBy("attempt", "desc")
      .orderBy("created_at", "desc")
      .first()) as Row | undefined;
    return row && toRecord(row);
  },

  /** A change request's latest attempt at its quote. */
  async findLatestForChangeRequest(db: Knex, changeRequestId: string): Promise<PaymentRow | undefined> {
    const row = (await db("payments").where({ change_request_id: changeRequestId }).orderBy("attempt", "desc").orderBy("created_at", "desc").first()) as
      Row | undefined;
    return row && toRecord(row);
  },

  /** Closes a change request's open attempts (it was declined); call under the job's row lock. */
  async cancelOpenForChangeRequest(db: Knex, changeRequestId: string, reason: string, now: Date): Promise<PaymentRow[]> {
    const rows = (await db("payments")
      .where({ change_request_id: changeRequestId })
      .whereIn("status", ["requires_payment", "failed"])
      .update({ status: "canceled", last_error: reason, updated_at: now })
      .returning("*")) as Row[];
    return rows.map(toRecord);
  },

  async listForJob(db: Knex, jobId: number): Promise<PaymentRow[]> {
    const rows = (await db("payments").where({ job_id: jobId }).orderBy("created_at", "asc").orderBy("attempt", "asc")) as Row[];
    return rows.map(toRecord);
  },

  /** Records the provider's intent id on an attempt; a doubled request that got the same intent changes nothing. */
  async attachIntent(db: Knex, id: string, providerPaymentId: string, now: Date): Promise<void> {
    await db("payments")
      .where({ id })
      .where((w) => {
        w.whereNull("provider_payment_id").orWhere("provider_payment_id", providerPaymentId);
      })
      .update({ provider_payment_id: providerPaymentId, updated_at: now });
  },

  async updateStatus(db: Knex, id: string, change: { status: PaymentAttemptStatus; lastError: string | null; eventAt?: Date }, now: Date): Promise<void> {
    await db("payments")
      .where({ id })
      .update({ status: change.status, last_error: change.lastError, ...(change.eventAt && { last_event_at: change.eventAt }), updated_at: now });
  },

  /**
   * Closes every open attempt of a job (requires_payment, failed), e.g. because its price changed. Call it under the
   * job's row lock (see lock-order.ts).
   * @returns the attempts closed, with their intent ids to cancel at the provider
   */
  async cancelOpenForJob(db: Knex, jobId: number, reason: string, now: Date): Promise<PaymentRow[]> {
    const rows = (await db("payments")
      .where({ job_id: jobId })
      // The job's price does not move a change request's quote.
      .whereNull("change_request_id")
      .whereIn("status", ["requires_payment", "failed"])
      .update({ status: "canceled", last_error: reason, updated_at: now })
      .returning("*")) as Row[];
    return rows.map(toRecord);
  },

  /** Flags a provider success that must not count: the attempt is needs_refund, with the reason. */
  async flagForRefund(db: Knex, id: string, reason: RefundReason, eventAt: Date, now: Date): Promise<void> {
    await db("payments")
      .where({ id })
      .update({ status: "needs_refund", refund_reason: reason, last_error: refundReasonMessages[reason], last_event_at: eventAt, updated_at: now });
  },

  /**
   * Records the provider's refund of a needs_refund attempt.
   * @returns true when this call moved it to refunded; false when it was not needs_refund (refunded already)
   */
  async markRefunded(db: Knex, id: string, providerRefundId: string, now: Date): Promise<boolean> {
    const result = await db("payments")
      .where({ id, status: "needs_refund" })
      .update({ status: "refunded", provider_refund_id: providerRefundId, refunded_at: now, updated_at: now });
    return affectedRows(result) > 0;
  },

  /** Charges still to be given back (the refund failed or has not run yet). */
  async listNeedingRefund(db: Knex, provider: PaymentRow["provider"], jobId?: number): Promise<PaymentRow[]> {
    const rows = (await db("payments")
      .where({ provider, status: "needs_refund" })
      .modify((q) => {
        if (jobId !== undefined) q.where({ job_id: jobId });
      })
      .orderBy("created_at", "asc")) as Row[];
    return rows.map(toRecord);
  },

  /** Attempts whose outcome the provider may know better than we do (a webhook may have been lost). */
  async listUnsettled(db: Knex, provider: PaymentRow["provider"], jobId?: number): Promise<PaymentRow[]> {
    const rows = (await db("payments")
      .where({ provider })
      .whereIn("status", ["requires_payment", "processing", "failed"])
      .whereNotNull("provider_payment_id")
      .modify((q) => {
        if (jobId !== undefined) q.where({ job_id: jobId });
      })
      .orderBy("created_at", "asc")) as Row[];
    return rows.map(toRecord);
  },

  /**
   * Stores a provider event id once.
   * @returns true when it is new; false when it was already stored (a replay or a concurrent duplicate, which waits
   *   on the primary key until the first transaction ends)
   */
  async recordEvent(db: Knex, event: { id: string; type: string; paymentId: string | null; payload: unknown }): Promise<boolean> {
    const rows = (await db("payment_events")
      .insert({ id: event.id, type: event.type, payment_id: event.paymentId, payload: JSON.stringify(event.payload ?? {}) })
      .onConflict("id")
      .ignore()
      .returning("id")) as Array<{ id: string }>;
    return rows.length === 1;
  },

  /** A payment's provider events, oldest first (the back office's payment page): ids and types, not payloads. */
  async listEvents(db: Knex, paymentId: string): Promise<Array<{ id: string; type: string; createdAt: Date }>> {
    const rows = (await db("payment_events")
      .where({ payment_id: paymentId })
      .orderBy([
        { column: "created_at", order: "asc" },
        { column: "id", order: "asc" },
      ])
      .select("id", "type", "created_at")) as Array<{ id: string; type: string; created_at: Date | string }>;
    return rows.map((row) => ({ id: row.id, type: row.type, createdAt: toDate(row.created_at) }));
  },

  async countEvents(db: Knex, criteria: { paymentId?: string; id?: string } = {}): Promise<number> {
    const [row] = (await db("payment_events")
      .modify((q) => {
        if (criteria.paymentId !== undefined) q.where({ payment_id: criteria.paymentId });
        if (criteria.id !== undefined) q.where({ id: criteria.id });
      })
      .count({ total: "*" })) as Array<{ total: number | string }>;
    return toCount(row?.total);
  },

  /** The back office's list: newest first by default, filtered by job, status, provider or ids. */
  async list(
    db: Knex,
    query: {
      sort: PaymentSortField;
      order: "asc" | "desc";
      offset: number;
      limit: number;
      jobId?: number | undefined;
      status?: PaymentAttemptStatus | undefined;
      provider?: PaymentRow["provider"] | undefined;
      ids?: string[] | undefined;
    },
  ): Promise<{ rows: PaymentRow[]; total: number }> {
    const filtered = db("payments").modify((q) => {
      if (query.jobId !== undefined) q.where({ job_id: query.jobId });
      if (query.status !== undefined) q.where({ status: query.status });
      if (query.provider !== undefined) q.where({ provider: query.provider });
      if (query.ids !== undefined) q.whereIn("id", query.ids);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const rows = (await filtered
      .clone()
      .select("*")
      .orderBy(paymentSortColumns[query.sort], query.order)
      .orderBy("id", "asc")
      .offset(query.offset)
      .limit(query.limit)) as Row[];
    return { rows: rows.map(toRecord), total: toCount(countRow?.total) };
  },
};
