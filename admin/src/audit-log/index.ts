import { lazy } from "react";
import HistoryIcon from "@mui/icons-material/History";
import { auditEntryRepresentation } from "./types";

export default {
  list: lazy(() => import("./AuditLogList")),
  icon: HistoryIcon,
  recordRepresentation: auditEntryRepresentation,
  options: { label: "Audit log" },
};
