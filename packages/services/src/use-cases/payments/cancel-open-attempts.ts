import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";

/** The reason stored on attempts closed because the job's price changed. */
export const PRICE_CHANGED_REASON = "The price of this job changed; this payment was canceled.";

/**
 * Closes every open attempt of a job in the caller's transaction, which must hold the job's row lock (lock order:
 * job, then payments). Call `cancelIntentsAtProvider` with the answer once the transaction has committed.
 * @param trx the transaction holding the job lock
 * @param jobId the job
 * @param reason stored as the attempts' last error
 * @param now the clock
 * @returns the attempts closed
 */
export function cancelOpenAttempts(trx: Knex, jobId: number, reason: string, now: Date): Promise<PaymentRow[]> {
  return paymentsRepository.cancelOpenForJob(trx, jobId, reason, now);
}

/**
 * Cancels closed attempts' intents at the provider, so the client can no longer confirm them. A provider that
 * refuses (the intent is already processing or succeeded) is logged: its success will arrive as an event for a
 * canceled attempt, which is flagged for refund instead of paying the job.
 * @param deps payment provider and logger
 * @param attempts what cancelOpenAttempts returned
 */
export async function cancelIntentsAtProvider(deps: Pick<ServiceDeps, "payments" | "logger">, attempts: PaymentRow[]): Promise<void> {
  for (const attempt of attempts) {
    if (!attempt.providerPaymentId || attempt.provider !== deps.payments.name) continue;
    try {
      await deps.payments.cancelIntent(attempt.providerPaymentId);
    } catch (error) {
      deps.logger.warn({ err: error, paymentId: attempt.id, intentId: attempt.providerPaymentId }, "could not cancel a payment intent at the provider");
    }
  }
}
