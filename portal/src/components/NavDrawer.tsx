import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { NavLink } from "react-router";
import type { User } from "@forgehire/core";
import Brand from "./Brand";

/** The navigation of small screens, in a drawer opened from the nav bar's menu button. */
export default function NavDrawer(props: {
  open: boolean;
  onClose: () => void;
  pageLinks: readonly { label: string; to: string }[];
  user: User | null;
  isClient: boolean;
  hasMessages: boolean;
  signInPath: string;
}) {
  const { open, onClose, pageLinks, user, isClient, hasMessages, signInPath } = props;
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box sx={{ p: 2 }}>
        <Brand onClick={onClose} />
      </Box>
      <Divider />
      <List component="nav" aria-label="Mobile">
        {pageLinks.map((item) => (
          <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={onClose}>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
        {isClient && (
          <ListItemButton component={NavLink} to="/post-job" onClick={onClose}>
            <ListItemText primary="Post a Requirement" />
          </ListItemButton>
        )}
        {hasMessages && (
          <ListItemButton component={NavLink} to="/messages" onClick={onClose}>
            <ListItemText primary="Messages" />
          </ListItemButton>
        )}
        {!user && (
          <ListItemButton component={NavLink} to={signInPath} onClick={onClose}>
            <ListItemText primary="Sign In" />
          </ListItemButton>
        )}
      </List>
    </Drawer>
  );
}
