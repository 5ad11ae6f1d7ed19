import type { Knex } from "knex";
import {
  ledgerAccountOf,
  ledgerAccountOwner,
  type LedgerAccount,
  type LedgerTransactionDraft,
  type LedgerTransactionKind,
  type LedgerTransactionRecord,
} from "@forgehire/core";
import { toDate } from "./rows.js";

/** Who caused a ledger transaction, kept beside it. */
export interface LedgerActor {
  kind: "client" | "freelancer" | "admin" | "system" | "provider";
  id: string | null;
}

interface TransactionRow {
  id: number;
  kind: LedgerTransactionKind;
  job_id: number;
  story_id: string | null;
  payment_id: string | null;
  idempotency_key: string;
  created_at: Date | string;
}

interface EntryRow {
  transaction_id: number;
  account_kind: string;
  account_owner: string | null;
  amount_cents: number | string;
}

function toRecords(transactions: TransactionRow[], entries: EntryRow[]): LedgerTransactionRecord[] {
  const byTransaction = new Map<number, EntryRow[]>();
  for (const entry of entries) byTransaction.set(entry.transaction_id, [...(byTransaction.get(entry.transaction_id) ?? []), entry]);
  return transactions.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    jobId: Number(row.job_id),
    storyId: row.story_id,
    paymentId: row.payment_id,
    idempotencyKey: row.idempotency_key,
    createdAt: toDate(row.created_at),
    entries: (byTransaction.get(Number(row.id)) ?? []).map((entry) => ({
      account: ledgerAccountOf(entry.account_kind, entry.account_owner),
      // bigint arrives as text from pg; amounts stay far below 2^53.
      amountCents: Number(entry.amount_cents),
    })),
  }));
}

async function withEntries(db: Knex, transactions: TransactionRow[]): Promise<LedgerTransactionRecord[]> {
  if (transactions.length === 0) return [];
  const entries = (await db("ledger_entries")
    .whereIn(
      "transaction_id",
      transactions.map((t) => t.id),
    )
    .orderBy("id", "asc")
    .select("transaction_id", "account_kind", "account_owner", "amount_cents")) as EntryRow[];
  return toRecords(transactions, entries);
}

/** The money ledger's two tables; the only place they are touched. Append-only: nothing here updates or deletes. */
export const ledgerRepository = {
  /**
   * Writes a transaction and its entries once per idempotency key. The key's unique index decides across
   * processes: a concurrent writer of the same key waits for the first to commit, then inserts nothing.
   * @param trx the database transaction of the change that moves the money
   * @param draft a balanced transaction from core's builders
   * @param actor who caused it
   * @returns the stored transaction (the first one when the key was already used) and whether this call wrote it
   */
  async insertOnce(trx: Knex, draft: LedgerTransactionDraft, actor: LedgerActor): Promise<{ transaction: LedgerTransactionRecord; created: boolean }> {
    const [inserted] = (await trx("ledger_transactions")
      .insert({
        kind: draft.kind,
        job_id: draft.jobId,
        story_id: draft.storyId,
        payment_id: draft.paymentId,
        idempotency_key: draft.idempotencyKey,
        actor_kind: actor.kind,
        actor_id: actor.id,
      })
      .onConflict()
      .ignore()
      .returning("*")) as TransactionRow[];
    if (!inserted) {
      const existing = await ledgerRepository.findByKey(trx, draft.idempotencyKey);
      // The only other unique index is one release per story, whose key is the story's own: a conflict without a
      // stored key cannot happen, and is a bug to surface rather than a write to drop.
      if (!existing) throw new Error(`ledger transaction ${draft.idempotencyKey} conflicted but is not stored`);
      return { transaction: existing, created: false };
    }
    if (draft.entries.length > 0) {
      await trx("ledger_entries").insert(
        draft.entries.map((entry) => ({
          transaction_id: inserted.id,
          account_kind: entry.account.kind,
          account_owner: ledgerAccountOwner(entry.account),
          job_id: draft.jobId,
          amount_cents: entry.amountCents,
          created_at: inserted.created_at,
        })),
      );
    }
    return { transaction: { ...draft, id: Number(inserted.id), createdAt: toDate(inserted.created_at) }, created: true };
  },

  async findByKey(db: Knex, idempotencyKey: string): Promise<LedgerTransactionRecord | undefined> {
    const rows = (await db("ledger_transactions").where({ idempotency_key: idempotencyKey })) as TransactionRow[];
    const [record] = await withEntries(db, rows);
    return record;
  },

  /**
   * An account's balance now: the sum of its entries.
   * @param db the database or the transaction holding the job's lock
   * @param account the account
   * @returns the balance in cents
   */
  async balanceOf(db: Knex, account: LedgerAccount): Promise<number> {
    const owner = ledgerAccountOwner(account);
    const [row] = (await db("ledger_entries")
      .where({ account_kind: account.kind })
      .modify((q) => {
        if (owner === null) q.whereNull("account_owner");
        else q.where({ account_owner: owner });
      })
      .sum({ total: "amount_cents" })) as Array<{ total: number | string | null }>;
    return Number(row?.total ?? 0);
  },

  /** A job's transactions with their entries, oldest first. */
  async listForJob(db: Knex, jobId: number): Promise<LedgerTransactionRecord[]> {
    const rows = (await db("ledger_transactions").where({ job_id: jobId }).orderBy("id", "asc")) as TransactionRow[];
    return withEntries(db, rows);
  },

  /** Every transaction with its entries, oldest first: what ledger:verify checks. */
  async listAll(db: Knex): Promise<LedgerTransactionRecord[]> {
    const rows = (await db("ledger_transactions").orderBy("id", "asc")) as TransactionRow[];
    const entries = (await db("ledger_entries").orderBy("id", "asc").select("transaction_id", "account_kind", "account_owner", "amount_cents")) as EntryRow[];
    return toRecords(rows, entries);
  },
};
