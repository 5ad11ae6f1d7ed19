import { Chip } from "@mui/material";
import { deliveryStatusLabels, type DeliveryStatus } from "@forgehire/core";
import { deliveryStatusColors } from "./types";

/** A delivery's state in the shared words (core's labels). */
export const DeliveryStatusChip = ({ status }: { status: DeliveryStatus }) => (
  <Chip size="small" label={deliveryStatusLabels[status]} color={deliveryStatusColors[status]} variant={status === "building" ? "outlined" : "filled"} />
);
