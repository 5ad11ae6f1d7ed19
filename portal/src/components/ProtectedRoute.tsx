import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { Navigate, useLocation } from "react-router";
import { loginPathFor, type UserType } from "@forgehire/core";
import { errorMessage } from "../api/client";
import { useCurrentUser } from "../hooks/use-current-user";
import NotForAccountType from "./NotForAccountType";
import PageLoader from "./PageLoader";

interface ProtectedRouteProps {
  children: ReactNode;
  /** When given, other account types are told the page is not for them. */
  userTypes?: readonly UserType[];
  /** When true, non-admins are told the page is for admins. The server still decides on every call. */
  adminOnly?: boolean;
}

/**
 * Renders its children for a signed-in user of the right type; sends a signed-out visitor to /login with the page
 * they asked for (they come back to it after signing in), and tells a user of another type why they cannot use it.
 */
export default function ProtectedRoute({ children, userTypes, adminOnly = false }: ProtectedRouteProps) {
  const { user, isLoading, error, retry, isAdmin } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  // A failed check is not proof of being signed out: say so instead of sending the user to /login.
  if (!user && error) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Try Again
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      </Container>
    );
  }
  if (!user) return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (adminOnly && !isAdmin) return <NotForAccountType user={user} adminOnly />;
  if (userTypes && !userTypes.includes(user.userType)) return <NotForAccountType user={user} />;
  return <>{children}</>;
}
