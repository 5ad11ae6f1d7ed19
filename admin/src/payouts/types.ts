import type { Payout, PayoutStatus } from "@forgehire/core";
import { toChoices } from "../choices";

const payoutStatusLabels: Record<PayoutStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  reversed: "Reversed",
};
export const payoutStatusChoices = toChoices(payoutStatusLabels);

export const payoutRepresentation = (record: Payout) => `Payout of $${(record.amountCents / 100).toFixed(2)} to ${record.freelancerName}`;
