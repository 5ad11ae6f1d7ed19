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
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { relativeTime, type MarkNotificationsReadAnswer, type NotificationPage, type UnreadCount } from "@forgehire/core";
import { useRealtimeEvent } from "@forgehire/realtime-client";
import { httpClient } from "../data-provider";

const countKey = ["notifications", "count"] as const;
const latestKey = ["notifications", "latest"] as const;

/**
 * The admin's bell in the app bar: their unread notifications (disputes opened, …), live over the back office's one
 * socket (AdminLayout's RealtimeProvider), the latest eight in a menu; an item opens its subject in the portal,
 * "Mark all read" clears the count.
 */
export function NotificationsBell() {
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useQuery({
    queryKey: countKey,
    queryFn: async () => (await httpClient("/api/notifications/unread-count")).json as UnreadCount,
    refetchInterval: 120_000,
  });
  const latest = useQuery({
    queryKey: latestKey,
    queryFn: async () => (await httpClient("/api/notifications?limit=8")).json as NotificationPage,
    enabled: anchor !== null,
  });
  useRealtimeEvent("notification:new", (event) => {
    queryClient.setQueryData<UnreadCount>(countKey, { count: event.unreadCount });
    void queryClient.invalidateQueries({ queryKey: latestKey });
  });
  const markAll = async () => {
    const answer = (await httpClient("/api/notifications/read", { method: "POST", body: JSON.stringify({ all: true }) })).json as MarkNotificationsReadAnswer;
    queryClient.setQueryData<UnreadCount>(countKey, { count: answer.count });
    await queryClient.invalidateQueries({ queryKey: latestKey });
  };
  const open = (id: string, link: string) => {
    void httpClient("/api/notifications/read", { method: "POST", body: JSON.stringify({ ids: [id] }) }).finally(() => window.location.assign(link));
  };
  const unread = count.data?.count ?? 0;
  const items = latest.data?.items ?? [];

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={unread > 0 ? `Notifications (${unread} unread)` : "Notifications"}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsNone />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 360 } } }}
      >
        <Box sx={{ px: 2, py: 1, display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="subtitle1" component="h2">
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0} onClick={() => void markAll()}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        <MenuList aria-label="Notifications">
          {items.length === 0 && <MenuItem disabled>{latest.isPending ? "Loading…" : "Nothing yet"}</MenuItem>}
          {items.map((item) => (
            <MenuItem key={item.id} onClick={() => open(item.id, item.link)} sx={{ display: "block", whiteSpace: "normal" }}>
              <Typography variant="body2" sx={{ fontWeight: item.readAt === null ? 700 : 400 }}>
                {item.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {item.body}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {relativeTime(item.createdAt, new Date())}
              </Typography>
            </MenuItem>
          ))}
        </MenuList>
      </Popover>
    </>
  );
}
