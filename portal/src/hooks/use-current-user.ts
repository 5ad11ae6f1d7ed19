import { canPostJob, isAdmin } from "@forgehire/core";
import type { User } from "@forgehire/core";
import { useMe } from "../api/auth";
import { useHydrated } from "./use-hydrated";

export interface CurrentUser {
  /** The signed-in user, or null when signed out (also while the first check is still loading). */
  user: User | null;
  /** True until the first answer of GET /api/auth/me. */
  isLoading: boolean;
  /** The failure of the session check, other than being signed out (which is not a failure). */
  error: Error | null;
  /** Asks the server again, e.g. after a connection error. */
  retry: () => void;
  isAdmin: boolean;
  isClient: boolean;
  isFreelancer: boolean;
  /** May post a job: core's rule, the one the server guards POST /api/jobs with (clients and admins). */
  canPostJob: boolean;
}

/** The signed-in user and their role, read from the shared session query. */
export function useCurrentUser(): CurrentUser {
  const { data, isPending, error, refetch } = useMe();
  // A prerendered page shows the session check pending; while it hydrates, so must its first render, whatever
  // the check has answered meanwhile (a mismatch would make React render the whole page again).
  const hydrated = useHydrated();
  const user = hydrated ? (data ?? null) : null;
  return {
    user,
    isLoading: isPending || !hydrated,
    error: hydrated ? error : null,
    retry: () => void refetch(),
    // The server's isAdmin is the final word; the core rule covers user_type or role_type admin.
    isAdmin: user !== null && (user.isAdmin || isAdmin(user)),
    isClient: user?.userType === "client",
    isFreelancer: user?.userType === "freelancer",
    canPostJob: canPostJob(user),
  };
}
