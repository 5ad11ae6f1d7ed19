import { lazy } from "react";
import ChangeCircleIcon from "@mui/icons-material/ChangeCircle";
import type { AdminChangeRequest } from "@forgehire/core";

export default {
  list: lazy(() => import("./ChangeRequestList")),
  show: lazy(() => import("./ChangeRequestShow")),
  icon: ChangeCircleIcon,
  options: { label: "Change requests" },
  recordRepresentation: (record: AdminChangeRequest) => `Change request on ${record.jobTitle}`,
};
