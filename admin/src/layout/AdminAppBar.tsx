import { AppBar, LoadingIndicator, TitlePortal } from "react-admin";
import { NotificationsBell } from "./NotificationsBell";

/**
 * react-admin's app bar, its page title an <h1>: every page sets that title (<Title> or the resource's), so each
 * page has one top-level heading; the screens' own headings start at <h2>. The admin's notification bell sits
 * before the user menu.
 */
export const AdminAppBar = () => (
  <AppBar
    toolbar={
      <>
        <NotificationsBell />
        <LoadingIndicator />
      </>
    }
  >
    <TitlePortal component="h1" />
  </AppBar>
);
