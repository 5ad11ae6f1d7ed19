import { lazy } from "react";
import ChatBubbleIcon from "@mui/icons-material/ChatBubble";
import type { AdminMessage } from "@forgehire/core";

export default {
  list: lazy(() => import("./MessageList")),
  show: lazy(() => import("./MessageShow")),
  icon: ChatBubbleIcon,
  recordRepresentation: (record: AdminMessage) => (record.content.length > 40 ? `${record.content.slice(0, 40)}…` : record.content),
};
