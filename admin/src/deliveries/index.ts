import { lazy } from "react";
import RateReviewIcon from "@mui/icons-material/RateReview";
import { deliveryRepresentation } from "./types";

export default {
  list: lazy(() => import("./DeliveryList")),
  show: lazy(() => import("./DeliveryShow")),
  icon: RateReviewIcon,
  recordRepresentation: deliveryRepresentation,
};
