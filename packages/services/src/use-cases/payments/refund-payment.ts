import { refundReasonMessages, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { issueCreditNote } from "../billing/issue-documents.js";
import { emailDocument } from "../billing/documents.js";
import { postPaymentRefund } from "../ledger/post-ledger.js";
import { recordAudit } from "../admin/audit.js";
import { paymentTransaction } from "./lock-order.js";
import { notify } from "../notifications/notify.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger" | "realtime" | "mailer" | "config">;

/** The provider's idempotency key of a payment's refund: however often it is asked, one refund per payment. */
export const refundIdempotencyKeyOf = (paymentId: string) => `forgehire-refund-${paymentId}`;

/**
 * Gives back a charge flagged needs_refund (a doubled success, a stale amount, a canceled attempt) through the
 * provider, then records it as refunded. The provider call carries an idempotency key, so a retry after a crash,
 * or two processes refunding at once, still refund once. A provider failure leaves the attempt needs_refund, listed
 * in the back office and by `payments:list --needs-refund`, and the next reconciliation (scheduled, or `payments:reconcile`) tries again.
 * @param deps database, clock, payment provider, logger
 * @param paymentId the attempt to refund
 * @returns refunded, failed (still needs_refund) or skipped (not needs_refund)
 */
export async function refundPayment(deps: Deps, paymentId: string): Promise<"refunded" | "failed" | "skipped"> {
  return (await refundPaymentOnce(deps, paymentId)).outcome;
}

/**
 * `refundPayment`, telling also whether this call is the one that recorded the refund: of two refunds of one charge
 * at once (an admin's double click), both reach the provider with one idempotency key and get its one refund, but
 * only one records it; the back office answers the other as a conflict.
 * @param deps database, clock, payment provider, logger
 * @param paymentId the attempt to refund
 * @returns the outcome, and recordedHere: true when this call wrote the refund, its ledger and credit note
 */
export async function refundPaymentOnce(
  deps: Deps,
  paymentId: string,
  // An operator's refund is audited with the change that records it (the reconciliation's is the system's own).
  actor?: Actor,
): Promise<{ outcome: "refunded" | "failed" | "skipped"; recordedHere: boolean }> {
  const payment = await paymentsRepository.findById(deps.db, paymentId);
  if (!payment || payment.status !== "needs_refund" || !payment.providerPaymentId || payment.provider !== deps.payments.name) {
    return { outcome: "skipped", recordedHere: false };
  }
  let refundId: string;
  try {
    ({ id: refundId } = await deps.payments.refund({
      intentId: payment.providerPaymentId,
      amount: payment.amount,
      idempotencyKey: refundIdempotencyKeyOf(payment.id),
    }));
  } catch (error) {
    deps.logger.error({ err: error, paymentId, jobId: payment.jobId }, "payment refund failed; it stays needs_refund");
    return { outcome: "failed", recordedHere: false };
  }
  const recordedHere = await paymentTransaction(deps, async (trx) => {
    const job = await jobsRepository.findById(trx, payment.jobId, { forUpdate: true });
    // The ledger's refund goes with the status that records it; a second process that finds it refunded already
    // writes nothing, and the refund's key makes even a race write it once (money-12).
    if (await paymentsRepository.markRefunded(trx, payment.id, refundId, deps.now())) {
      const { transaction } = await postPaymentRefund(trx, payment);
      if (actor) {
        await recordAudit(trx, {
          actor,
          action: "payments.refund",
          recordId: payment.id,
          before: { status: payment.status },
          after: { status: "refunded", refundId },
        });
      }
      // The payer is told once, with the refund that records it.
      if (job) {
        await notify(deps, trx, {
          type: "payment_refunded",
          actorId: null,
          parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
          facts: { jobId: job.id, jobTitle: job.title, paymentId: payment.id, amountCents: payment.amount },
        });
      }
      // Last in the commit: the credit note's number holds the series' counter lock until it ends.
      const note = await issueCreditNote(deps, trx, {
        refundId: transaction.id,
        jobId: payment.jobId,
        payment,
        amountCents: payment.amount,
        reason: payment.refundReason ? refundReasonMessages[payment.refundReason] : "A charge that did not pay the job, given back.",
      });
      await emailDocument(deps, trx, note);
      return true;
    }
    return false;
  });
  deps.logger.warn({ paymentId, jobId: payment.jobId, refundId, reason: payment.refundReason, amount: payment.amount }, "payment refunded");
  return { outcome: "refunded", recordedHere };
}
