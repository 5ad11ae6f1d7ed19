import { lazy } from "react";
import ForumIcon from "@mui/icons-material/Forum";
import type { AdminChatRoom } from "@forgehire/core";

export default {
  list: lazy(() => import("./ChatRoomList")),
  show: lazy(() => import("./ChatRoomShow")),
  icon: ForumIcon,
  options: { label: "Chat rooms" },
  recordRepresentation: (record: AdminChatRoom) => `${record.clientName} and ${record.freelancerName}`,
};
