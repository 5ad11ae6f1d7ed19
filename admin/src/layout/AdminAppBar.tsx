import { AppBar, TitlePortal } from "react-admin";

/**
 * react-admin's app bar, its page title an <h1>: every page sets that title (<Title> or the resource's), so each
 * page has one top-level heading; the screens' own headings start at <h2>.
 */
export const AdminAppBar = () => (
  <AppBar>
    <TitlePortal component="h1" />
  </AppBar>
);
