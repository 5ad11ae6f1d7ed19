import type { ServiceDeps } from "../../deps.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { applyPaymentEvent } from "./apply-payment-event.js";
import { refundPayment } from "./refund-payment.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger" | "mailer" | "config" | "realtime">;

/** What a reconciliation looked at and changed. */
export interface ReconcileReport {
  checked: number;
  updated: Array<{ paymentId: string; jobId: number; status: string }>;
  errors: Array<{ paymentId: string; message: string }>;
}

/**
 * Asks the provider for the intents of unsettled attempts and applies what it says through the webhook's own
 * path, so a lost webhook is recovered. The synthetic event id names the intent and its status, so running it
 * twice (or alongside the real webhook) acts once. Charges still flagged needs_refund (the provider refused or was
 * unreachable when they were flagged) are refunded again, with the same idempotency key.
 * @param deps database, clock, payment provider, logger
 * @param options only one job's attempts
 * @returns the attempts checked and those changed
 */
export async function reconcilePayments(deps: Deps, options: { jobId?: number } = {}): Promise<ReconcileReport> {
  const pending = await paymentsRepository.listUnsettled(deps.db, deps.payments.name, options.jobId);
  const report: ReconcileReport = { checked: pending.length, updated: [], errors: [] };
  for (const payment of pending) {
    const intentId = payment.providerPaymentId!;
    try {
      const intent = await deps.payments.retrieveIntent(intentId);
      if (!intent?.outcome) continue;
      const applied = await applyPaymentEvent(deps, {
        id: `reconcile_${intentId}_${intent.status}`,
        type: `reconcile.${intent.status}`,
        intentId,
        paymentId: payment.id,
        outcome: intent.outcome,
        lastError: intent.lastError,
        amount: intent.amount,
        occurredAt: null,
        payload: { intent: { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency } },
      });
      if (applied.status) report.updated.push({ paymentId: payment.id, jobId: payment.jobId, status: applied.status });
    } catch (error) {
      deps.logger.error({ err: error, paymentId: payment.id }, "payment reconciliation failed");
      report.errors.push({ paymentId: payment.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  for (const payment of await paymentsRepository.listNeedingRefund(deps.db, deps.payments.name, options.jobId)) {
    report.checked += 1;
    const outcome = await refundPayment(deps, payment.id);
    if (outcome === "refunded") report.updated.push({ paymentId: payment.id, jobId: payment.jobId, status: "refunded" });
    if (outcome === "failed") report.errors.push({ paymentId: payment.id, message: "The refund failed; it will be tried again." });
  }
  return report;
}
