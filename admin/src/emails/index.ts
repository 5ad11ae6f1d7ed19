import { lazy } from "react";
import EmailIcon from "@mui/icons-material/Email";
import type { AdminEmail } from "@forgehire/core";

export default {
  list: lazy(() => import("./EmailList")),
  show: lazy(() => import("./EmailShow")),
  icon: EmailIcon,
  recordRepresentation: (record: AdminEmail) => record.subject,
};
