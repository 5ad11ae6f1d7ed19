import { lazy } from "react";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import { freelancerRepresentation } from "./types";

export default {
  list: lazy(() => import("./FreelancerList")),
  show: lazy(() => import("./FreelancerShow")),
  icon: SmartToyIcon,
  recordRepresentation: freelancerRepresentation,
};
