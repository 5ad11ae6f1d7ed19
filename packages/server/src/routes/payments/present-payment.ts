import type { PaymentRecord } from "@forgehire/core";
import type { PaymentRow } from "@forgehire/services";

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
