import { isCapturedStatus, type PaymentRecord } from "@forgehire/core";
import type { PaymentRow } from "@forgehire/services";

/** A charge's receipt, once the card was charged (a capture that did not count has one too, and its credit note). */
export const receiptUrlOf = (payment: Pick<PaymentRow, "id" | "status">): string | null =>
  isCapturedStatus(payment.status) ? `/api/payments/${payment.id}/receipt` : null;

/** A payment attempt on the wire (API.md "Payments"): amounts in whole cents; never the idempotency key. */
export function presentPayment(payment: PaymentRow): PaymentRecord & { attempt: number; lastError: string | null; updatedAt: string } {
  return {
    id: payment.id,
    jobId: payment.jobId,
    changeRequestId: payment.changeRequestId,
    provider: payment.provider,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    attempt: payment.attempt,
    lastError: payment.lastError,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    receiptUrl: receiptUrlOf(payment),
  };
}

/** A payment attempt in the back office: the wire shape plus who paid and the provider's intent id. */
export function presentAdminPayment(payment: PaymentRow) {
  return {
    ...presentPayment(payment),
    userId: payment.userId,
    providerPaymentId: payment.providerPaymentId,
    refundReason: payment.refundReason,
    providerRefundId: payment.providerRefundId,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
  };
}
