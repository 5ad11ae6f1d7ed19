import ForumIcon from "@mui/icons-material/Forum";
import { Menu } from "react-admin";
import { COMMUNICATION_PATH } from "../communication";

/** The dashboard, the Communication Hub (a custom route, so not listed by resource) and every resource. */
export const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem primaryText="Admin Dashboard" />
    <Menu.Item to={COMMUNICATION_PATH} primaryText="Communication Hub" leftIcon={<ForumIcon />} />
    <Menu.ResourceItems />
  </Menu>
);
