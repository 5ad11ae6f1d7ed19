import { checkLedger, documentSeriesProblems, type LedgerViolation } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { ledgerRepository } from "../../repositories/ledger.js";

/** What `ledger:verify` answers: whether every invariant holds, how many transactions were checked, and each violation. */
export interface LedgerVerification {
  ok: boolean;
  checked: number;
  violations: LedgerViolation[];
  /** Receipts and credit notes: how many were issued, and each gap, repeat or disorder of their numbers (none expected). */
  documents: { issued: number; problems: string[] };
}

/**
 * Checks every ledger invariant (core's `checkLedger`) over the whole database, the ledger against the payments too, read in one repeatable-read
 * snapshot so a write landing between the two reads cannot look like a violation; and that the receipts' and credit
 * notes' numbers run without a gap or a repeat.
 * @param deps the database
 * @returns ok, the number of transactions checked and the violations
 */
export async function verifyLedger(deps: Pick<ServiceDeps, "db">): Promise<LedgerVerification> {
  return deps.db.transaction(async (trx) => {
    await trx.raw("set transaction isolation level repeatable read, read only");
    const transactions = await ledgerRepository.listAll(trx);
    const jobs = (await trx("jobs").select("id", "status")) as Array<{ id: number; status: "open" | "in_progress" | "completed" | "inactive" }>;
    const payments = (await trx("payments").select("id", "job_id", "amount", "status")) as Array<{
      id: string;
      job_id: number;
      amount: number;
      status: string;
    }>;
    const violations = checkLedger(
      transactions,
      jobs.map((job) => ({ id: Number(job.id), status: job.status })),
      payments.map((p) => ({ id: p.id, jobId: Number(p.job_id), amountCents: Number(p.amount), status: p.status })),
    );
    const issued = (await trx("billing_documents")
      .orderBy([{ column: "year" }, { column: "sequence" }])
      .select("number")) as Array<{ number: string }>;
    const problems = documentSeriesProblems(issued);
    return { ok: violations.length === 0 && problems.length === 0, checked: transactions.length, violations, documents: { issued: issued.length, problems } };
  });
}
