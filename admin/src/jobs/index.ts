import { lazy } from "react";
import WorkIcon from "@mui/icons-material/Work";
import { jobRepresentation } from "./types";

export default {
  list: lazy(() => import("./JobList")),
  show: lazy(() => import("./JobShow")),
  edit: lazy(() => import("./JobEdit")),
  icon: WorkIcon,
  recordRepresentation: jobRepresentation,
};
