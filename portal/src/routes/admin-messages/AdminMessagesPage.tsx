import Placeholder from "../../components/Placeholder";
import ProtectedRoute from "../../components/ProtectedRoute";

/** /admin-messages: every chat room and project, for admins. */
export default function AdminMessagesPage() {
  return (
    <ProtectedRoute adminOnly>
      <Placeholder title="Admin Messages" feature="Messaging" />
    </ProtectedRoute>
  );
}
