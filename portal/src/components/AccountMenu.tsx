import { useState } from "react";
import type { MouseEvent } from "react";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import Logout from "@mui/icons-material/Logout";
import AccountBalanceWalletOutlined from "@mui/icons-material/AccountBalanceWalletOutlined";
import ManageAccountsOutlined from "@mui/icons-material/ManageAccountsOutlined";
import ReceiptLongOutlined from "@mui/icons-material/ReceiptLongOutlined";
import WorkOutline from "@mui/icons-material/WorkOutline";
import { Link as RouterLink, useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import type { User } from "@forgehire/core";
import { useLogout } from "../api/auth";
import { BACK_OFFICE_URL, COMMUNICATION_HUB_URL } from "../back-office";
import UserAvatar from "./UserAvatar";

const messages = {
  signOutFailed: "Failed to sign out",
} as const;

interface AccountMenuProps {
  user: User;
  isAdmin: boolean;
}

/** The avatar button of the nav bar and its My Account menu. */
export default function AccountMenu({ user, isAdmin }: AccountMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const { enqueueSnackbar } = useSnackbar();
  const open = anchor !== null;

  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const handleSignOut = () => {
    handleClose();
    logout.mutate(undefined, {
      onSuccess: () => void navigate("/"),
      onError: () => enqueueSnackbar(messages.signOutFailed, { variant: "error" }),
    });
  };

  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <>
      <IconButton
        aria-label="My Account"
        aria-controls={open ? "account-menu" : undefined}
        aria-haspopup="true"
        aria-expanded={open ? "true" : undefined}
        onClick={handleOpen}
        size="small"
        sx={{ ml: 1 }}
      >
        <UserAvatar user={user} />
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={open}
        onClose={handleClose}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        {/* A list subheader, so keyboard focus starts on the first item rather than on this summary. */}
        <ListSubheader disableSticky sx={{ px: 2, py: 1.5, lineHeight: 1.5, color: "text.primary" }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
            My Account
          </Typography>
          {fullName && (
            <Typography fontWeight={600} noWrap>
              {fullName}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </ListSubheader>
        <Divider />
        <MenuItem component={RouterLink} to="/update-profile" onClick={handleClose}>
          <ListItemIcon>
            <ManageAccountsOutlined fontSize="small" />
          </ListItemIcon>
          Update Profile
        </MenuItem>
        <MenuItem component={RouterLink} to="/my-jobs" onClick={handleClose}>
          <ListItemIcon>
            <WorkOutline fontSize="small" />
          </ListItemIcon>
          My Jobs
        </MenuItem>
        {user.userType === "client" && (
          <MenuItem component={RouterLink} to="/billing" onClick={handleClose}>
            <ListItemIcon>
              <ReceiptLongOutlined fontSize="small" />
            </ListItemIcon>
            Billing
          </MenuItem>
        )}
        {user.userType === "freelancer" && (
          <MenuItem component={RouterLink} to="/earnings" onClick={handleClose}>
            <ListItemIcon>
              <AccountBalanceWalletOutlined fontSize="small" />
            </ListItemIcon>
            Earnings
          </MenuItem>
        )}
        {isAdmin && (
          <MenuItem component="a" href={BACK_OFFICE_URL} onClick={handleClose}>
            <ListItemIcon>
              <DashboardOutlined fontSize="small" />
            </ListItemIcon>
            Admin Dashboard
          </MenuItem>
        )}
        {isAdmin && (
          <MenuItem component="a" href={COMMUNICATION_HUB_URL} onClick={handleClose}>
            <ListItemIcon>
              <ForumOutlined fontSize="small" />
            </ListItemIcon>
            Communication Hub
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={handleSignOut} disabled={logout.isPending}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
