import { Chip } from "@mui/material";
import { disputeStatusLabels, type DisputeStatus } from "@forgehire/core";

/** A dispute's state in the shared words: open ones stand out, as they hold money. */
export const DisputeStatusChip = ({ status }: { status: DisputeStatus }) => (
  <Chip size="small" label={disputeStatusLabels[status]} color={status === "open" ? "error" : "success"} />
);
