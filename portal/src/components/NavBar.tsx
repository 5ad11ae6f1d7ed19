import { lazy, Suspense, useState } from "react";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Toolbar from "@mui/material/Toolbar";
import MenuIcon from "@mui/icons-material/Menu";
import { Link as RouterLink, NavLink, useLocation } from "react-router";
import { loginPathFor } from "@forgehire/core";
import { useCurrentUser } from "../hooks/use-current-user";
import Brand from "./Brand";

// What only a signed-in user or a small screen's open menu shows loads when it shows: a visitor's first page
// (the landing, prerendered) needs none of MUI's menus, popovers, tooltips or drawers (issue 13, goal 7).
const AccountMenu = lazy(() => import("./AccountMenu"));
const NavMessagesIcon = lazy(() => import("./NavMessagesIcon"));
const NavNotificationsBell = lazy(() => import("./NavNotificationsBell"));
const NavDrawer = lazy(() => import("./NavDrawer"));

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

/** The navigation bar of every page: links by role, sign-in actions or the account menu. */
export default function NavBar() {
  const { user, isLoading, isAdmin, isClient, isFreelancer } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const location = useLocation();
  // Both parties of a conversation reach it from the nav; admins have their own messages screen.
  const hasMessages = user !== null && (isClient || isFreelancer);
  // Signing in from any page comes back to it (the sign-in screen keeps the page it was already given).
  const signInPath = location.pathname === "/login" ? `/login${location.search}` : loginPathFor(`${location.pathname}${location.search}`);

  const roleLinks: NavItem[] = [];
  if (isAdmin) roleLinks.push({ label: "Admin Dashboard", to: "/admin-dashboard" });
  if (isFreelancer) roleLinks.push({ label: "Update Agent Profile", to: "/manage-profile" });
  const pageLinks = [...alwaysLinks, ...roleLinks];

  const handleDrawerOpen = () => {
    setDrawerOpened(true);
    setDrawerOpen(true);
  };
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
            {!isLoading && hasMessages && (
              <Suspense fallback={null}>
                <NavMessagesIcon />
              </Suspense>
            )}
            {!isLoading && user && (
              <Suspense fallback={null}>
                <NavNotificationsBell />
              </Suspense>
            )}
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
            {!isLoading && user && (
              <Suspense fallback={<Skeleton variant="circular" width={36} height={36} aria-hidden />}>
                <AccountMenu user={user} isAdmin={isAdmin} />
              </Suspense>
            )}
          </Box>
        </Toolbar>
      </Container>

      {/* Its code (MUI's modal and transitions) loads the first time it opens. */}
      {drawerOpened && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={handleDrawerClose}
            pageLinks={pageLinks}
            user={user}
            isClient={isClient}
            hasMessages={hasMessages}
            signInPath={signInPath}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
