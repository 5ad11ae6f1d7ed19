import { useState } from "react";
import AppBar from "@mui/material/AppBar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Toolbar from "@mui/material/Toolbar";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import ChatBubbleOutline from "@mui/icons-material/ChatBubbleOutline";
import MenuIcon from "@mui/icons-material/Menu";
import { Link as RouterLink, NavLink, useLocation } from "react-router";
import { loginPathFor } from "@forgehire/core";
import { useChatUnread, useRoomsLiveRefresh } from "../api/chat";
import { useCurrentUser } from "../hooks/use-current-user";
import AccountMenu from "./AccountMenu";

interface NavItem {
  label: string;
  to: string;
}

/** Shown to everyone, signed in or not (spec part 1 §2). */
const alwaysLinks: readonly NavItem[] = [
  { label: "Find Requirement", to: "/jobs" },
  { label: "Browse AI Bots/Agents", to: "/freelancers" },
  { label: "Sample Works", to: "/sample-works" },
  { label: "How it Works", to: "/how-it-works" },
];

const activeLinkSx = {
  color: "text.secondary",
  px: 1.5,
  whiteSpace: "nowrap",
  "&.active": { color: "primary.main", backgroundColor: "rgba(57, 73, 171, 0.08)" },
} as const;

/** The product's name and mark, linking home. */
function Brand({ onClick }: { onClick?: () => void }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onClick}
      aria-label="Forgehire home"
      sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.primary", textDecoration: "none", mr: 2, flexShrink: 0 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          display: "grid",
          placeItems: "center",
          color: "#fff",
          fontWeight: 800,
          background: "linear-gradient(135deg, #3949ab 0%, #00897b 100%)",
        }}
      >
        F
      </Box>
      <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: "-0.02em" }}>
        Forgehire
      </Typography>
    </Box>
  );
}

/** The messages icon of clients and freelancers, with the number of rooms holding a message they have not read yet. */
function MessagesIcon() {
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

/** The navigation bar of every page: links by role, sign-in actions or the account menu. */
export default function NavBar() {
  const { user, isLoading, isAdmin, isClient, isFreelancer } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // Both parties of a conversation reach it from the nav; admins have their own messages screen.
  const hasMessages = user !== null && (isClient || isFreelancer);
  // Signing in from any page comes back to it (the sign-in screen keeps the page it was already given).
  const signInPath = location.pathname === "/login" ? `/login${location.search}` : loginPathFor(`${location.pathname}${location.search}`);

  const roleLinks: NavItem[] = [];
  if (isAdmin) roleLinks.push({ label: "Admin Dashboard", to: "/admin-dashboard" });
  if (isFreelancer) roleLinks.push({ label: "Update Agent Profile", to: "/manage-profile" });
  const pageLinks = [...alwaysLinks, ...roleLinks];

  const handleDrawerOpen = () => setDrawerOpen(true);
  const handleDrawerClose = () => setDrawerOpen(false);

  return (
    <AppBar position="sticky" component="header">
      <Container maxWidth="xl">
        <Toolbar component="nav" aria-label="Main" disableGutters sx={{ gap: 0.5, minHeight: { xs: 64 } }}>
          <IconButton aria-label="Open navigation menu" onClick={handleDrawerOpen} edge="start" sx={{ display: { xs: "inline-flex", lg: "none" }, mr: 1 }}>
            <MenuIcon />
          </IconButton>
          <Brand />

          <Box sx={{ display: { xs: "none", lg: "flex" }, alignItems: "center", gap: 0.5, flex: 1 }}>
            {pageLinks.map((item) => (
              <Button key={item.to} component={NavLink} to={item.to} sx={activeLinkSx}>
                {item.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: 1, display: { xs: "block", lg: "none" } }} />

          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            {isLoading && <Skeleton variant="circular" width={36} height={36} aria-hidden />}
            {!isLoading && isClient && (
              <Button component={RouterLink} to="/post-job" variant="contained" sx={{ display: { xs: "none", sm: "inline-flex" }, whiteSpace: "nowrap" }}>
                Post a Requirement
              </Button>
            )}
            {!isLoading && hasMessages && <MessagesIcon />}
            {!isLoading && !user && (
              <>
                <Button component={RouterLink} to={signInPath} sx={{ display: { xs: "none", sm: "inline-flex" }, whiteSpace: "nowrap" }}>
                  Sign In
                </Button>
                <Button component={RouterLink} to="/signup" variant="contained" sx={{ whiteSpace: "nowrap" }}>
                  Get Started
                </Button>
              </>
            )}
            {!isLoading && user && <AccountMenu user={user} isAdmin={isAdmin} />}
          </Box>
        </Toolbar>
      </Container>

      <Drawer open={drawerOpen} onClose={handleDrawerClose} slotProps={{ paper: { sx: { width: 280 } } }}>
        <Box sx={{ p: 2 }}>
          <Brand onClick={handleDrawerClose} />
        </Box>
        <Divider />
        <List component="nav" aria-label="Mobile">
          {pageLinks.map((item) => (
            <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={handleDrawerClose}>
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          {isClient && (
            <ListItemButton component={NavLink} to="/post-job" onClick={handleDrawerClose}>
              <ListItemText primary="Post a Requirement" />
            </ListItemButton>
          )}
          {hasMessages && (
            <ListItemButton component={NavLink} to="/messages" onClick={handleDrawerClose}>
              <ListItemText primary="Messages" />
            </ListItemButton>
          )}
          {!user && (
            <ListItemButton component={NavLink} to={signInPath} onClick={handleDrawerClose}>
              <ListItemText primary="Sign In" />
            </ListItemButton>
          )}
        </List>
      </Drawer>
    </AppBar>
  );
}
