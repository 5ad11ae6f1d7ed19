import { useEffect, useState, type ReactNode } from "react";
import { AuthenticationError, Layout, Loading, useCanAccess, useLogoutIfAccessDenied } from "react-admin";
import { RealtimeProvider } from "@forgehire/realtime-client";
import { BACK_OFFICE_ACCESS } from "../auth-provider";
import { AdminAccessRequired } from "./AdminAccessRequired";
import { AdminAppBar } from "./AdminAppBar";
import { AdminMenu } from "./AdminMenu";

/**
 * react-admin's layout behind one access check. <Admin requireAuth> has already made sure someone is signed
 * in; here authProvider.canAccess decides whether that someone is an admin. Non-admins get a full page
 * explaining why, never the menu or a resource.
 */
export const AdminLayout = ({ children }: { children: ReactNode }) => {
  const { canAccess, isPending, error } = useCanAccess(BACK_OFFICE_ACCESS);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // null while checkError decides: a 401 sends the user to the login page instead of an error page.
  const [errorHandled, setErrorHandled] = useState<boolean | null>(null);

  useEffect(() => {
    if (!error) return;
    let active = true;
    void logoutIfAccessDenied(error).then((handled) => {
      if (active) setErrorHandled(handled);
    });
    return () => {
      active = false;
    };
  }, [error, logoutIfAccessDenied]);

  if (error) return errorHandled === false ? <AuthenticationError /> : <Loading />;
  if (isPending) return <Loading />;
  if (!canAccess) return <AdminAccessRequired fullPage />;
  // One socket per tab for the whole back office: the bell and the Communication Hub share it.
  return (
    <RealtimeProvider>
      <Layout appBar={AdminAppBar} menu={AdminMenu}>
        {children}
      </Layout>
    </RealtimeProvider>
  );
};
