import { Admin, Resource } from "react-admin";
import { authProvider } from "./auth-provider";
import { dataProvider } from "./data-provider";
import { Dashboard } from "./dashboard";
import { AdminAccessRequired } from "./layout/AdminAccessRequired";
import { AdminLayout } from "./layout/AdminLayout";
import { LoginPage } from "./layout/LoginPage";
import jobs from "./jobs";
import payments from "./payments";
import users from "./users";

/**
 * The back office. requireAuth checks the session before anything renders; AdminLayout then shows non-admins
 * a full "Admin access required" page, and a 403 from the API lands on the same page (accessDenied route).
 */
export const App = () => (
  <Admin
    title="Forgehire back office"
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
    <Resource name="payments" {...payments} />
  </Admin>
);
