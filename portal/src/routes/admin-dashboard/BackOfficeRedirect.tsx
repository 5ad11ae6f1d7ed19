import { useEffect } from "react";
import PageLoader from "../../components/PageLoader";
import ProtectedRoute from "../../components/ProtectedRoute";

/** Replaces this history entry with a back-office page, so Back returns to where the user came from. */
function Redirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <PageLoader label="Opening the back office..." />;
}

/**
 * The portal's admin routes open the back office. Signed-out visitors sign in first; a signed-in account that is
 * not an admin is sent on too, where the back office says plainly that admin access is required (and the server
 * refuses every admin call whatever the page shows).
 * @param to the back-office URL
 */
export default function BackOfficeRedirect({ to }: { to: string }) {
  return (
    <ProtectedRoute>
      <Redirect to={to} />
    </ProtectedRoute>
  );
}
