import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import FormControlLabel from "@mui/material/FormControlLabel";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useNavigate, useSearchParams } from "react-router";
import { notificationTypeTable, notificationTypes, type Notification, type NotificationType } from "@forgehire/core";
import { errorMessage } from "../../api/client";
import { useMarkNotificationsRead, useNotifications, useUnreadNotificationCount } from "../../api/notifications";
import { NotificationLine } from "../../components/NavNotificationsBell";
import ProtectedRoute from "../../components/ProtectedRoute";

/** /notifications: every notification of the signed-in user, newest first, filtered by unread and type, "Load more" by keyset. */
export default function NotificationsPage() {
  return (
    <ProtectedRoute>
      <Notifications />
    </ProtectedRoute>
  );
}

const isType = (value: string | null): value is NotificationType => value !== null && (notificationTypes as readonly string[]).includes(value);

function Notifications() {
  const [searchParams, setSearchParams] = useSearchParams();
  const unread = searchParams.get("unread") === "true";
  const typeParam = searchParams.get("type");
  const type = isType(typeParam) ? typeParam : null;
  const list = useNotifications({ unread, type });
  const count = useUnreadNotificationCount().data?.count ?? 0;
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const setFilter = (name: "unread" | "type", value: string | null) =>
    setSearchParams((params) => {
      if (value === null) params.delete(name);
      else params.set(name, value);
      return params;
    });
  const openItem = (item: Notification) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    void navigate(item.link);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 3 }}>
        <Typography variant="h4" component="h1">
          Notifications
        </Typography>
        <Button variant="outlined" disabled={count === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
          Mark all read
        </Button>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 3, flexWrap: "wrap", mb: 2 }}>
        <FormControlLabel
          control={<Switch checked={unread} onChange={(event) => setFilter("unread", event.target.checked ? "true" : null)} />}
          label="Unread only"
        />
        <TextField
          select
          size="small"
          label="Type"
          fullWidth={false}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={type ?? ""}
          onChange={(event) => setFilter("type", event.target.value === "" ? null : event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">All types</MenuItem>
          {notificationTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {notificationTypeTable[value].label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading notifications" />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">
          {unread || type ? "No notification matches these filters." : "Nothing yet. What happens on your projects shows here."}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Notifications">
            {items.map((item) => (
              <ListItem key={item.id} disablePadding divider>
                <ListItemButton onClick={() => openItem(item)} sx={{ py: 1.5 }}>
                  <NotificationLine item={item} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {list.hasNextPage && (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
          <Button variant="outlined" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </Box>
      )}
    </Container>
  );
}
