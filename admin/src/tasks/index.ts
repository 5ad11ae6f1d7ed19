import { lazy } from "react";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import type { AdminTask } from "@forgehire/core";

export default {
  list: lazy(() => import("./TaskList")),
  show: lazy(() => import("./TaskShow")),
  edit: lazy(() => import("./TaskEdit")),
  icon: TaskAltIcon,
  recordRepresentation: (record: AdminTask) => record.title,
};
