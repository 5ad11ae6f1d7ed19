import { useState, type MouseEvent } from "react";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import MenuList from "@mui/material/MenuList";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import NotificationsNone from "@mui/icons-material/NotificationsNone";
import { useNavigate } from "react-router";
import { relativeTime, type Notification } from "@forgehire/core";
import { useMarkNotificationsRead, useNotifications, useNotificationsLive, useUnreadNotificationCount } from "../api/notifications";

/** How many of the latest the bell's menu lists; the page lists the rest. */
const MENU_ITEMS = 8;
const noFilters = { unread: false, type: null };

/**
 * The bell of every signed-in user: the unread count, live over the tab's socket (`notification:new`), and a menu of
 * the latest notifications; opening one marks it read and goes to its subject.
 */
export default function NavNotificationsBell() {
  const count = useUnreadNotificationCount().data?.count ?? 0;
  useNotificationsLive();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const latest = useNotifications(noFilters, MENU_ITEMS, open);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = latest.data?.pages[0]?.items ?? [];

  const openItem = (item: Notification) => {
    setAnchor(null);
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    void navigate(item.link);
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={count > 0 ? `Notifications (${count} unread)` : "Notifications"}
          aria-haspopup="menu"
          aria-expanded={open}
          color="primary"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="error" max={99} data-testid="notification-count">
            <NotificationsNone />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 380, maxWidth: "calc(100vw - 32px)" } } }}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ px: 2, py: 1, display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Notifications
          </Typography>
          <Button size="small" disabled={count === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        <MenuList aria-label="Notifications" autoFocusItem={open && items.length > 0} dense={false}>
          {latest.isPending && <MenuItem disabled>Loading…</MenuItem>}
          {!latest.isPending && items.length === 0 && <MenuItem disabled>Nothing yet</MenuItem>}
          {items.map((item) => (
            <MenuItem key={item.id} onClick={() => openItem(item)} sx={{ alignItems: "flex-start", whiteSpace: "normal", py: 1.25 }}>
              <NotificationLine item={item} />
            </MenuItem>
          ))}
          <Divider component="li" />
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate("/notifications");
            }}
            sx={{ justifyContent: "center", color: "primary.main", fontWeight: 600 }}
          >
            See all notifications
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}

/** One notification's lines: a dot while unread, the title, the body and when. */
export function NotificationLine({ item }: { item: Notification }) {
  const unread = item.readAt === null;
  return (
    <Box sx={{ display: "flex", gap: 1.5, width: "100%" }}>
      <Box
        aria-label={unread ? "Unread" : undefined}
        role={unread ? "img" : undefined}
        sx={{ mt: 0.9, width: 8, height: 8, borderRadius: "50%", flexShrink: 0, bgcolor: unread ? "primary.main" : "transparent" }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 400 }}>
          {item.title}
        </Typography>
        {item.body && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflow: "hidden", textOverflow: "ellipsis", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical" }}
          >
            {item.body}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {item.actorName ? `${item.actorName} · ` : ""}
          {relativeTime(item.createdAt, new Date())}
        </Typography>
      </Box>
    </Box>
  );
}
