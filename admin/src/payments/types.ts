import type { PaymentRecord } from "@forgehire/core";

/** A payment as GET /api/admin/payments sends it (amounts in whole cents). */
export interface AdminPayment extends PaymentRecord {
  userId: string;
  providerPaymentId: string | null;
  attempt: number;
  lastError: string | null;
  updatedAt: string;
}

export const paymentStatusChoices = [
  { id: "requires_payment", name: "Requires payment" },
  { id: "processing", name: "Processing" },
  { id: "succeeded", name: "Succeeded" },
  { id: "failed", name: "Failed" },
  { id: "canceled", name: "Canceled" },
];

export const providerChoices = [
  { id: "stripe", name: "Stripe" },
  { id: "test", name: "Test provider" },
];

export const paymentRepresentation = (record: AdminPayment) => `Payment of job #${record.jobId} (attempt ${record.attempt})`;
