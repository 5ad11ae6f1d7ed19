import { disputeOpenerLabels, disputeStatusLabels, type AdminDispute } from "@forgehire/core";
import { toChoices } from "../choices";

export const disputeStatusChoices = toChoices(disputeStatusLabels);
export const disputeOpenerChoices = toChoices(disputeOpenerLabels);

export const disputeRepresentation = (record: AdminDispute) => `Dispute on job #${record.jobId}`;
