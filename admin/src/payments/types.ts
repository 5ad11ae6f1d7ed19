import type { PaymentRecord } from "@forgehire/core";

/** A payment as GET /api/admin/payments sends it (amounts in whole cents). */
export interface AdminPayment extends PaymentRecord {
  userId: string;
  providerPaymentId: string | null;
  attempt: number;
  lastError: string | null;
  updatedAt: string;
  /** why a charge was not applied and is (or was) given back */
  refundReason: string | null;
  providerRefundId: string | null;
  refundedAt: string | null;
}

export const paymentStatusChoices = [
  { id: "requires_payment", name: "Requires payment" },
  { id: "processing", name: "Processing" },
  { id: "succeeded", name: "Succeeded" },
  { id: "failed", name: "Failed" },
  { id: "canceled", name: "Canceled" },
  { id: "needs_refund", name: "Needs refund" },
  { id: "refunded", name: "Refunded" },
];

export const providerChoices = [
  { id: "stripe", name: "Stripe" },
  { id: "test", name: "Test provider" },
];

export const paymentRepresentation = (record: AdminPayment) => `Payment of job #${record.jobId} (attempt ${record.attempt})`;
