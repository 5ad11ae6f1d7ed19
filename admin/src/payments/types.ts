import { paymentAttemptStatusLabels, type AdminPayment, type PaymentRecord } from "@forgehire/core";
import { toChoices } from "../choices";

export const paymentStatusChoices = toChoices(paymentAttemptStatusLabels);

const providerLabels: Record<PaymentRecord["provider"], string> = { stripe: "Stripe", test: "Test provider" };
export const providerChoices = toChoices(providerLabels);

export const paymentRepresentation = (record: AdminPayment) => `Payment of job #${record.jobId} (attempt ${record.attempt})`;
