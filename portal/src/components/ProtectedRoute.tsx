import type { ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { Navigate } from "react-router";
import type { UserType } from "@forgehire/core";
import { errorMessage } from "../api/client";
import { useCurrentUser } from "../hooks/use-current-user";
import PageLoader from "./PageLoader";

interface ProtectedRouteProps {
  children: ReactNode;
  /** When given, other account types are sent to `/`. */
  userTypes?: readonly UserType[];
  /** When true, non-admins are sent to `/`. The server still decides on every call. */
  adminOnly?: boolean;
}

/** Renders its children for a signed-in user; sends everyone else to /login. */
export default function ProtectedRoute({ children, userTypes, adminOnly = false }: ProtectedRouteProps) {
  const { user, isLoading, error, retry, isAdmin } = useCurrentUser();
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
  if (!user) return <Navigate to="/login" replace />;
  if (userTypes && !userTypes.includes(user.userType)) return <Navigate to="/" replace />;
  if (adminOnly && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
