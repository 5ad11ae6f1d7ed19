import { BACK_OFFICE_URL } from "../../back-office";
import BackOfficeRedirect from "./BackOfficeRedirect";

/** /admin-dashboard: the Admin Dashboard is the back office's home page. */
export default function AdminDashboardPage() {
  return <BackOfficeRedirect to={BACK_OFFICE_URL} />;
}
