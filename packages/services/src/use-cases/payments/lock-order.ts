import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";

/**
 * THE LOCK ORDER OF EVERY PAYMENT PATH (money-4)
 *
 * Every transaction that touches money takes its row locks in this order, and only in this order:
 *
 *   1. the job row            (jobs … FOR UPDATE, via loadLiveJob/jobsRepository.findById with forUpdate)
 *   2. the payment row(s)     (payments … FOR UPDATE, or an UPDATE of the job's payments)
 *   3. the provider event row (INSERT INTO payment_events … ON CONFLICT DO NOTHING: a duplicate waits here)
 *   4. the ledger transaction (INSERT INTO ledger_transactions … ON CONFLICT DO NOTHING on its idempotency key)
 *
 * Creating an intent, confirming with the test provider, a webhook, a reconciliation, a refund, and a price change
 * (edit, which cancels the job's open attempts) all follow it, so two of them can wait on each other but never
 * deadlock; the job lock also serialises every decision about one job's money ("is it paid yet?").
 *
 * PostgreSQL may still abort a transaction with a serialization failure or a deadlock it detected in a path we do
 * not control (e.g. foreign-key checks); such a transaction did nothing, so it is retried once (`paymentTransaction`).
 * A second failure is real contention and goes up as it is.
 */
export const PAYMENT_LOCK_ORDER = ["jobs", "payments", "payment_events", "ledger_transactions"] as const;

/** SQLSTATEs after which a transaction may simply run again: serialization_failure, deadlock_detected. */
const retryableCodes = new Set(["40001", "40P01"]);

/**
 * Whether a database error means "run the transaction again".
 * @param error what the driver threw
 * @returns true for 40001 and 40P01
 */
export function isRetryableTransactionError(error: unknown): boolean {
  return typeof error === "object" && error !== null && retryableCodes.has(String((error as { code?: unknown }).code));
}

/**
 * Runs a payment transaction (taking its locks in PAYMENT_LOCK_ORDER) and retries it once on a serialization failure
 * or a deadlock. The work must not call the provider: a retry would call it twice.
 * @param deps database and logger
 * @param work the transaction's body
 * @returns what the work returned
 */
export async function paymentTransaction<T>(deps: Pick<ServiceDeps, "db" | "logger">, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (error) {
    if (!isRetryableTransactionError(error)) throw error;
    deps.logger.warn({ err: error }, "payment transaction retried after a serialization failure or deadlock");
    return deps.db.transaction(work);
  }
}
