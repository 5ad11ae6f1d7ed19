import { billingDocumentContentSchema, type BillingDocumentContent, type BillingDocumentKind } from "@forgehire/core";
import type { Knex } from "knex";
import { toCount, toDate } from "./rows.js";

/** A receipt or credit note as stored: its number, whom and what it bills, and its frozen facts. */
export interface BillingDocumentRecord {
  id: string;
  kind: BillingDocumentKind;
  number: string;
  year: number;
  sequence: number;
  clientId: string;
  jobId: number;
  paymentId: string | null;
  refundId: number | null;
  amountCents: number;
  currency: string;
  content: BillingDocumentContent;
  issuedAt: Date;
}

interface DocumentRow {
  id: string;
  kind: BillingDocumentKind;
  number: string;
  year: number;
  sequence: number;
  client_id: string;
  job_id: number;
  payment_id: string | null;
  refund_id: number | null;
  amount_cents: number | string;
  currency: string;
  content: unknown;
  issued_at: Date | string;
}

function toRecord(row: DocumentRow): BillingDocumentRecord {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    year: Number(row.year),
    sequence: Number(row.sequence),
    clientId: row.client_id,
    jobId: Number(row.job_id),
    paymentId: row.payment_id,
    refundId: row.refund_id === null ? null : Number(row.refund_id),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    // pg parses jsonb; a text value (a driver configured otherwise) is parsed here.
    content: billingDocumentContentSchema.parse(typeof row.content === "string" ? JSON.parse(row.content) : row.content),
    issuedAt: toDate(row.issued_at),
  };
}

/** The back office's filters and order. */
export interface DocumentListFilter {
  ids?: string[] | undefined;
  kind?: BillingDocumentKind | undefined;
  clientId?: string | undefined;
  jobId?: number | undefined;
  q?: string | undefined;
}

export const billingDocumentsRepository = {
  /**
   * Hands out the next number of a year's series: the counter row's update takes its row lock, held until the
   * calling transaction ends, so two issuers queue here and a rollback gives the number back with everything else.
   * Call it last in a transaction: whoever holds the lock makes every other issuer wait.
   */
  async nextSequence(trx: Knex.Transaction, year: number): Promise<number> {
    const result = await trx.raw<{ rows: Array<{ sequence: number | string }> }>(
      `insert into billing_document_counters (year, next) values (?, 2)
       on conflict (year) do update set next = billing_document_counters.next + 1
       returning next - 1 as sequence`,
      [year],
    );
    return Number(result.rows[0]!.sequence);
  },

  async insert(
    trx: Knex.Transaction,
    document: Omit<BillingDocumentRecord, "id" | "content"> & { content: BillingDocumentContent },
  ): Promise<BillingDocumentRecord> {
    const [row] = (await trx("billing_documents")
      .insert({
        kind: document.kind,
        number: document.number,
        year: document.year,
        sequence: document.sequence,
        client_id: document.clientId,
        job_id: document.jobId,
        payment_id: document.paymentId,
        refund_id: document.refundId,
        amount_cents: document.amountCents,
        currency: document.currency,
        content: JSON.stringify(document.content),
        issued_at: document.issuedAt,
      })
      .returning("*")) as DocumentRow[];
    return toRecord(row!);
  },

  async findById(db: Knex, id: string): Promise<BillingDocumentRecord | undefined> {
    const row = (await db("billing_documents").where({ id }).first()) as DocumentRow | undefined;
    return row && toRecord(row);
  },

  async findReceiptOfPayment(db: Knex, paymentId: string): Promise<BillingDocumentRecord | undefined> {
    const row = (await db("billing_documents").where({ payment_id: paymentId, kind: "receipt" }).first()) as DocumentRow | undefined;
    return row && toRecord(row);
  },

  async findCreditNoteOfRefund(db: Knex, refundId: number): Promise<BillingDocumentRecord | undefined> {
    const row = (await db("billing_documents").where({ refund_id: refundId, kind: "credit_note" }).first()) as DocumentRow | undefined;
    return row && toRecord(row);
  },

  /** A client's documents, newest first (the Billing page), by the (client_id, issued_at, id) index. */
  async pageForClient(db: Knex, clientId: string, page: { offset: number; limit: number }): Promise<{ rows: BillingDocumentRecord[]; total: number }> {
    const rows = (await db("billing_documents")
      .where({ client_id: clientId })
      .orderBy([
        { column: "issued_at", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .offset(page.offset)
      .limit(page.limit)) as DocumentRow[];
    const [count] = (await db("billing_documents").where({ client_id: clientId }).count({ total: "*" })) as Array<{ total: number | string }>;
    return { rows: rows.map(toRecord), total: toCount(count?.total) };
  },

  /** The back office's list: filtered, sorted, one range. */
  async list(
    db: Knex,
    filter: DocumentListFilter,
    query: { sort: "issuedAt" | "number" | "amountCents"; order: "asc" | "desc"; offset: number; limit: number },
  ): Promise<{ rows: BillingDocumentRecord[]; total: number }> {
    const where = (q: Knex.QueryBuilder) => {
      if (filter.ids) q.whereIn("id", filter.ids);
      if (filter.kind) q.where({ kind: filter.kind });
      if (filter.clientId) q.where({ client_id: filter.clientId });
      if (filter.jobId !== undefined) q.where({ job_id: filter.jobId });
      if (filter.q) q.where("number", "ilike", `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      return q;
    };
    const column = { issuedAt: "issued_at", number: "number", amountCents: "amount_cents" }[query.sort];
    const rows = (await where(db("billing_documents"))
      .orderBy([
        { column, order: query.order },
        { column: "id", order: query.order },
      ])
      .offset(query.offset)
      .limit(query.limit)) as DocumentRow[];
    const [count] = (await where(db("billing_documents")).count({ total: "*" })) as Array<{ total: number | string }>;
    return { rows: rows.map(toRecord), total: toCount(count?.total) };
  },

  /** Every document in issue order (the series check of `[receipts-1]` and ledger verification). */
  async listInIssueOrder(db: Knex): Promise<Array<{ number: string; issuedAt: Date; kind: BillingDocumentKind }>> {
    const rows = (await db("billing_documents")
      .orderBy([{ column: "year" }, { column: "sequence" }])
      .select("number", "issued_at", "kind")) as Array<Pick<DocumentRow, "number" | "issued_at" | "kind">>;
    return rows.map((row) => ({ number: row.number, issuedAt: toDate(row.issued_at), kind: row.kind }));
  },
};
