import { Route } from "react-router-dom";
import { Admin, CustomRoutes, Resource, defaultTheme, type RaThemeOptions } from "react-admin";
import { authProvider } from "./auth-provider";
import { dataProvider } from "./data-provider";
import { Dashboard } from "./dashboard";
import { AdminAccessRequired } from "./layout/AdminAccessRequired";
import { AdminLayout } from "./layout/AdminLayout";
import { LoginPage } from "./layout/LoginPage";
import { COMMUNICATION_PATH, CommunicationHub } from "./communication";
import changeRequests from "./change-requests";
import chatRooms from "./chat-rooms";
import emails from "./emails";
import freelancers from "./freelancers";
import jobs from "./jobs";
import chatMessages from "./messages";
import payments from "./payments";
import payouts from "./payouts";
import stories from "./stories";
import tasks from "./tasks";
import users from "./users";
import deliveries from "./deliveries";
import disputes from "./disputes";
import reviews from "./reviews";
import ledgerTransactions from "./ledger-transactions";
import documents from "./documents";
import auditLog from "./audit-log";

/**
 * react-admin's light theme with colours that reach WCAG AA contrast (4.5:1) for small text: its secondary blue
 * (#2196f3, 3.1:1 on white) colours the app bar; MUI's primary blue (#1976d2) falls under 4.5:1 on the list
 * background for the filter and export buttons and links; MUI's warning orange (3.2:1) colours chips.
 */
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: "#1565c0" },
    secondary: { light: "#5e92f3", main: "#1565c0", dark: "#003c8f", contrastText: "#ffffff" },
    warning: { main: "#b45309", contrastText: "#ffffff" },
    // MUI's info blue (#0288d1, 3.9:1 on white) colours the In Progress and In Review chips.
    info: { main: "#01579b", contrastText: "#ffffff" },
  },
};

/**
 * The back office. requireAuth checks the session before anything renders; AdminLayout then shows non-admins
 * a full "Admin access required" page, and a 403 from the API lands on the same page (accessDenied route).
 * Every page but the dashboard is a lazy chunk (react-admin's Layout wraps routes in Suspense).
 */
export const App = () => (
  <Admin
    title="Forgehire back office"
    theme={theme}
    dataProvider={dataProvider}
    authProvider={authProvider}
    requireAuth
    layout={AdminLayout}
    loginPage={LoginPage}
    dashboard={Dashboard}
    accessDenied={AdminAccessRequired}
    disableTelemetry
  >
    <Resource name="jobs" {...jobs} />
    <Resource name="users" {...users} />
    <Resource name="freelancers" {...freelancers} />
    <Resource name="stories" {...stories} />
    <Resource name="tasks" {...tasks} />
    <Resource name="change-requests" {...changeRequests} />
    <Resource name="chat-rooms" {...chatRooms} />
    <Resource name="messages" {...chatMessages} />
    <Resource name="emails" {...emails} />
    <Resource name="payments" {...payments} />
    <Resource name="payouts" {...payouts} />
    <Resource name="deliveries" {...deliveries} />
    <Resource name="disputes" {...disputes} />
    <Resource name="reviews" {...reviews} />
    <Resource name="ledger-transactions" {...ledgerTransactions} />
    <Resource name="documents" {...documents} />
    <Resource name="audit-log" {...auditLog} />
    <CustomRoutes>
      <Route path={COMMUNICATION_PATH} element={<CommunicationHub />} />
    </CustomRoutes>
  </Admin>
);
