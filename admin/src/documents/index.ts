import { lazy } from "react";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { documentRepresentation } from "./types";

export default {
  list: lazy(() => import("./DocumentList")),
  show: lazy(() => import("./DocumentShow")),
  icon: ReceiptLongIcon,
  recordRepresentation: documentRepresentation,
  options: { label: "Documents" },
};
