import { lazy } from "react";
import GavelIcon from "@mui/icons-material/Gavel";
import { disputeRepresentation } from "./types";

export default {
  list: lazy(() => import("./DisputeList")),
  show: lazy(() => import("./DisputeShow")),
  icon: GavelIcon,
  recordRepresentation: disputeRepresentation,
};
