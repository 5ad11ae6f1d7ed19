import { disputeOpenerLabels, disputeStatusLabels, type AdminDispute } from "@forgehire/core";
import { toChoices } from "../choices";

export const disputeStatusChoices = toChoices(disputeStatusLabels);
export const disputeOpenerChoices = toChoices(disputeOpenerLabels);

/** After react-admin's own "Dispute" prefix: "Dispute #12 Bakery site". */
export const disputeRepresentation = (record: AdminDispute) => `#${record.jobId} ${record.jobTitle}`;
