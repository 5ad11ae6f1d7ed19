import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import type { ChangePasswordBody, EmailNotifications, LoginBody, RecoverBody, ResetBody, SignupBody, UpdateProfileBody, User } from "@forgehire/core";
import { ApiError, apiFetch } from "./client";

/** Query keys of the accounts module. */
export const authKeys = {
  me: ["auth", "me"] as const,
  resetToken: (token: string) => ["auth", "reset", token] as const,
};

interface UserResponse {
  user: User;
}

async function fetchMe(): Promise<User | null> {
  try {
    const { user } = await apiFetch<UserResponse>("/api/auth/me");
    return user;
  } catch (error) {
    // Signed out is a normal state, not a failure.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Whoever signs in or out must not see the previous account's cached data. */
function replaceSession(queryClient: QueryClient, user: User | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
  queryClient.setQueryData(authKeys.me, user);
}

const meQuery = { queryKey: authKeys.me, queryFn: fetchMe, staleTime: 60_000 };

/** The signed-in user, or null when signed out. */
export function useMe() {
  return useQuery(meQuery);
}

/** Asks who is signed in before the first render, so a page waiting on it (most do) gets it sooner. */
export function prefetchMe(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(meQuery);
}

/** POST /api/auth/login */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await apiFetch<UserResponse>("/api/auth/login", { method: "POST", body })).user,
    onSuccess: (user) => replaceSession(queryClient, user),
  });
}

/** POST /api/auth/signup: creates the account and signs in. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignupBody) => (await apiFetch<UserResponse>("/api/auth/signup", { method: "POST", body })).user,
    onSuccess: (user) => replaceSession(queryClient, user),
  });
}

/** POST /api/auth/logout */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>("/api/auth/logout", { method: "POST" }),
    onSuccess: () => replaceSession(queryClient, null),
  });
}

/**
 * POST /api/auth/recover: always accepted, so it never reveals whether the account exists. `delivery` is "none" when
 * the site cannot send e-mail at all (no mail server), so no link will arrive.
 */
export function useRecover() {
  return useMutation({
    mutationFn: (body: RecoverBody) => apiFetch<{ ok: true; delivery?: "queued" | "none" }>("/api/auth/recover", { method: "POST", body }),
  });
}

/** GET /api/auth/reset/:token: resolves true when the link is valid; a 400 means invalid or expired. */
export function useVerifyResetToken(token: string | null) {
  return useQuery({
    queryKey: authKeys.resetToken(token ?? ""),
    queryFn: async () => {
      await apiFetch<{ valid: boolean }>(`/api/auth/reset/${encodeURIComponent(token ?? "")}`);
      return true;
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auth/reset: sets a new password from an emailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetBody) => apiFetch<void>("/api/auth/reset", { method: "POST", body }),
  });
}

/** PUT /api/auth/password: the signed-in user changes their password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiFetch<void>("/api/auth/password", { method: "PUT", body }),
  });
}

/** PATCH /api/profile: first and last name; the email cannot be changed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody) => (await apiFetch<UserResponse>("/api/profile", { method: "PATCH", body })).user,
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}

/** PATCH /api/profile with `emailNotifications`: turns notification e-mails on or off; the others keep their value. */
export function useUpdateEmailNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (switches: Partial<EmailNotifications>) =>
      (await apiFetch<UserResponse>("/api/profile", { method: "PATCH", body: { emailNotifications: switches } })).user,
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}
