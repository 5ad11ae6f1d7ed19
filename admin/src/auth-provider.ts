import { HttpError, type AuthProvider, type UserIdentity } from "react-admin";
import { isAdmin, type User } from "@forgehire/core";
import { httpClient } from "./data-provider";

/** The react-admin route that shows AdminAccessRequired inside the app (see App's `accessDenied`). */
export const ACCESS_DENIED_PATH = "/access-denied";

/**
 * The access check the layout makes before showing anything. canAccess ignores resource and action (every
 * back-office screen is admin-only), but react-admin needs a resource name to key its cache.
 */
export const BACK_OFFICE_ACCESS = { resource: "back-office", action: "enter" } as const;

/** What checkError rejects with; useLogoutIfAccessDenied reads these three keys. */
interface CheckErrorRejection {
  logoutUser: boolean;
  redirectTo?: string;
  /** false: no toast (the page says it all); undefined: react-admin's default "session ended" toast */
  message?: false;
}

function readUser(json: unknown): User {
  const user = typeof json === "object" && json !== null && "user" in json ? json.user : undefined;
  if (typeof user !== "object" || user === null || !("id" in user) || !("email" in user)) {
    throw new Error("The server sent an unexpected answer for the signed-in user.");
  }
  return user as User;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError && typeof error.status === "number" ? error.status : undefined;
}

// One /api/auth/me in flight at a time: canAccess, getIdentity and getPermissions share the answer, and
// checkAuth (run on every page) refreshes it, so a revoked admin is noticed at the next navigation.
let currentUser: Promise<User> | null = null;

function loadUser({ refresh = false } = {}): Promise<User> {
  if (refresh || !currentUser) {
    const request = httpClient("/api/auth/me").then(({ json }) => readUser(json));
    currentUser = request;
    request.catch(() => {
      if (currentUser === request) currentUser = null;
    });
  }
  return currentUser;
}

function forgetUser(): void {
  currentUser = null;
}

/** The portal's session, shared with the back office: same cookie, same endpoints. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    forgetUser();
    // The login form's "username" field holds the email (labelled Email in LoginPage).
    const { json } = await httpClient("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: username, password }),
    });
    currentUser = Promise.resolve(readUser(json));
  },

  async logout() {
    forgetUser();
    try {
      await httpClient("/api/auth/logout", { method: "POST" });
    } catch (error) {
      // Already signed out (the session expired): nothing left to end.
      if (statusOf(error) !== 401) throw error;
    }
  },

  async checkAuth() {
    await loadUser({ refresh: true });
  },

  async checkError(error: unknown) {
    const status = statusOf(error);
    if (status === 401) {
      forgetUser();
      const rejection: CheckErrorRejection = { logoutUser: true };
      throw rejection;
    }
    if (status === 403) {
      // Signed in but not allowed: keep the session (it is the portal's too) and show the not-allowed page.
      forgetUser();
      const rejection: CheckErrorRejection = { logoutUser: false, redirectTo: ACCESS_DENIED_PATH, message: false };
      throw rejection;
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const user = await loadUser();
    const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
    return { id: user.id, fullName, avatar: user.avatarUrl ?? undefined, email: user.email, isAdmin: isAdmin(user) };
  },

  async getPermissions(): Promise<User> {
    return loadUser();
  },

  async canAccess() {
    // The one rule of the back office, from core, as the server applies it to every /api/admin route.
    return isAdmin(await loadUser());
  },
};
