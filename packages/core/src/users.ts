import { domainError } from "./errors.js";

/** The three kinds of account and what each may be called in the spec. */
export const userTypes = ["client", "freelancer", "admin"] as const;
/** client, freelancer or admin. */
export type UserType = (typeof userTypes)[number];

/** The spec's role_type: set at signup (job_poster for clients), admin for back-office accounts. */
export const roleTypes = ["regular", "job_poster", "freelancer", "admin"] as const;
/** regular, job_poster, freelancer or admin. */
export type RoleType = (typeof roleTypes)[number];

/** The signed-in person as every rule sees them. */
export interface Actor {
  id: string;
  userType: UserType;
  roleType: RoleType;
  /**
   * The face the person acts through, for the audit trail: the CLI's operator says `cli`; unset, an admin's change is
   * the back office's (core's `auditViaOf`).
   */
  via?: "back-office" | "cli" | "system";
}

/**
 * Whether the actor is an admin: the spec counts user_type admin or role_type admin.
 * @param actor the signed-in person, or null when signed out
 * @returns true for admins
 */
export function isAdmin(actor: Pick<Actor, "userType" | "roleType"> | null | undefined): boolean {
  return actor?.userType === "admin" || actor?.roleType === "admin";
}

/**
 * Whether a session still signs its user in: the account is enabled and its rights have not changed since the
 * session began. Disabling an account or changing its type moves the account's session epoch on; a session keeps
 * the epoch it signed in with, so one begun before the change (even one stored while the change ran) never counts.
 * @param user the account as it is now: disabled, and its session epoch
 * @param sessionEpoch the epoch the session recorded at sign-in (0 for sessions older than epochs)
 * @returns true when the session may sign the user in
 */
export function sessionSignsIn(user: { disabled: boolean; sessionEpoch: number }, sessionEpoch: number): boolean {
  return !user.disabled && user.sessionEpoch === sessionEpoch;
}

/**
 * Who a queued breakdown run stores as: the account that asked for it, as it is now. A deleted or disabled account
 * may not (its run fails); whether an enabled one still may is the job's own policy, checked by the caller.
 * @param requester the account as read when the run stores, if it still exists
 * @returns the requester as an actor
 * @throws DomainError BREAKDOWN_REQUESTER_DISABLED when the account is gone or disabled
 */
export function breakdownRequester(requester: (Actor & { disabled: boolean }) | undefined): Actor {
  if (!requester || requester.disabled) throw domainError("BREAKDOWN_REQUESTER_DISABLED");
  return { id: requester.id, userType: requester.userType, roleType: requester.roleType };
}

/**
 * The role_type an account gets at signup.
 * @param userType the type chosen at signup (admins are never made by signup)
 * @returns job_poster for clients, freelancer for freelancers
 */
export function roleTypeForSignup(userType: Exclude<UserType, "admin">): RoleType {
  return userType === "client" ? "job_poster" : "freelancer";
}

/**
 * A person's name as others see it (a freelancer's card, chat rooms): first and last name.
 * @param user the names
 * @returns "First Last", trimmed
 */
export function displayName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * The letters shown in the nav avatar when there is no image: initials of first and last name, else the
 * first letter of the email, else U.
 * @param user names and email, any of which may be missing
 * @returns one or two upper-case letters
 */
export function avatarInitials(user: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const first = user.firstName?.trim().charAt(0) ?? "";
  const last = user.lastName?.trim().charAt(0) ?? "";
  if (first || last) return `${first}${last}`.toUpperCase();
  const fromEmail = user.email?.trim().charAt(0);
  return (fromEmail || "U").toUpperCase();
}
