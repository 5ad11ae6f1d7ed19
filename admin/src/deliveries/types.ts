import { deliveryStatusLabels, type AdminDelivery, type DeliveryStatus } from "@forgehire/core";
import { toChoices } from "../choices";

export const deliveryStatusChoices = toChoices(deliveryStatusLabels);

/** The chip colour of each delivery state. */
export const deliveryStatusColors: Record<DeliveryStatus, "default" | "info" | "warning" | "success" | "error"> = {
  building: "default",
  in_review: "info",
  changes_requested: "warning",
  approved: "success",
  disputed: "error",
};

export const deliveryRepresentation = (record: AdminDelivery) => record.title;
