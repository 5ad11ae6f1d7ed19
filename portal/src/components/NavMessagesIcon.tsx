import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import ChatBubbleOutline from "@mui/icons-material/ChatBubbleOutline";
import { Link as RouterLink } from "react-router";
import { useChatUnread, useRoomsLiveRefresh } from "../api/chat";

/** The messages icon of clients and freelancers, with the number of rooms holding a message they have not read yet. */
export default function NavMessagesIcon() {
  const unreadQuery = useChatUnread();
  // The server counts; a new message in any of the user's rooms only tells this badge to ask again.
  useRoomsLiveRefresh(true);
  const unread = unreadQuery.data?.rooms ?? 0;
  return (
    <Tooltip title="Messages">
      <IconButton component={RouterLink} to="/messages" aria-label={unread > 0 ? `Messages (${unread} unread)` : "Messages"} color="primary">
        <Badge badgeContent={unread} color="error">
          <ChatBubbleOutline />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
