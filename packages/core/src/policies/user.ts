/**
 * Account rules for the back office: who may disable an account, so that the service always keeps an admin who
 * can sign in.
 */
import { domainError } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";
import { authorizeBackOffice } from "./back-office.js";

/**
 * Guards disabling or enabling an account. Enabling is always allowed to an admin; disabling refuses the actor's
 * own account (they would lock themselves out mid-request) and the last enabled admin (nobody could undo it).
 * @param actor the signed-in person
 * @param target the account to change, with whether it is disabled now
 * @param disabled the state asked for
 * @param enabledAdmins how many admin accounts are enabled now, the target included when it is one
 * @throws DomainError ADMIN_ONLY for non-admins, CANNOT_DISABLE_SELF, LAST_ADMIN
 */
export function authorizeSetUserDisabled(
  actor: Actor,
  target: Pick<Actor, "id" | "userType" | "roleType"> & { disabled: boolean },
  disabled: boolean,
  enabledAdmins: number,
): void {
  authorizeBackOffice(actor, "update", "users");
  if (!disabled || target.disabled) return;
  if (target.id === actor.id) throw domainError("CANNOT_DISABLE_SELF");
  if (isAdmin(target) && enabledAdmins <= 1) throw domainError("LAST_ADMIN");
}

/**
 * Failed logins one account may take per window, whatever addresses they come from (OWASP ASVS V2.2.1): past
 * this, every login for the email is refused until the window ends, the right password included.
 */
export const ACCOUNT_LOGIN_FAILURE_LIMIT = 10;

/** The window of the per-account login limit: 15 minutes from the first failure. */
export const ACCOUNT_LOGIN_WINDOW_MS = 15 * 60 * 1000;
