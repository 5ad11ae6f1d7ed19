import Placeholder from "../../components/Placeholder";
import ProtectedRoute from "../../components/ProtectedRoute";

/** /admin-dashboard: admins only. */
export default function AdminDashboardPage() {
  return (
    <ProtectedRoute adminOnly>
      <Placeholder title="Admin Dashboard" subtitle="Complete Project Status Overview" feature="Admin Dashboard" />
    </ProtectedRoute>
  );
}
