import {
  authorizeBackOffice,
  decideOwnAccountChange,
  domainError,
  refusalError,
  isAdmin,
  type Actor,
  type AdminUserUpdateBody,
  type RoleType,
  type UserType,
} from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { userChannel } from "../../realtime.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";
import { endAccountSessions } from "../accounts/end-sessions.js";
import { requestPasswordReset } from "../accounts/password-reset.js";
import { setUserDisabled } from "../accounts/set-user-disabled.js";
import { recordAudit } from "./audit.js";

/** The role type that goes with an account type when the back office changes it. */
const roleTypeOf: Record<UserType, RoleType> = { client: "job_poster", freelancer: "freelancer", admin: "admin" };

/**
 * One account, for the back office.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND
 */
export async function getUserForAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, userId: string): Promise<UserRecord> {
  authorizeBackOffice(actor, "read", "users");
  const user = await usersRepository.findById(deps.db, userId);
  if (!user) throw domainError("RECORD_NOT_FOUND");
  return user;
}

/**
 * Changes an account from the back office: names, type and whether it is disabled (the email never changes).
 * Names go through the same path as the profile page, so a freelancer's card shows the new name too; disabling
 * goes through `setUserDisabled` (sessions and sockets end at once). A change of type ends the account's sessions
 * and sockets the same way (`endAccountSessions`, in the same transaction as the change): a demoted admin keeps
 * no admin session or socket, and signs in again with the new rights. The disabled flag is decided first, so a
 * refused disabling (own account, last admin) changes nothing. Demoting the last enabled admin is refused too,
 * so the back office can never lock everyone out.
 * @param deps database, clock, realtime
 * @param actor an admin
 * @param userId the account
 * @param input the fields to change; absent ones stay
 * @returns the account as it now is
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND; CANNOT_DISABLE_SELF; CANNOT_DEMOTE_SELF (own type away from admin); LAST_ADMIN
 */
export async function updateUserByAdmin(
  deps: Pick<ServiceDeps, "db" | "now" | "realtime">,
  actor: Actor,
  userId: string,
  input: AdminUserUpdateBody,
): Promise<UserRecord> {
  authorizeBackOffice(actor, "update", "users");
  // Refused before anything changes: a Save that demotes oneself and also renames changes nothing.
  const own = decideOwnAccountChange(actor.id, userId, input);
  if (!own.allowed) throw refusalError(own.refusal);
  const current = await getUserForAdmin(deps, actor, userId);
  if (input.disabled !== undefined && input.disabled !== current.disabled) await setUserDisabled(deps, actor, userId, input.disabled);
  let retyped = false;
  const updated = await deps.db.transaction(async (trx) => {
    const now = deps.now();
    const user = await usersRepository.findById(trx, userId);
    if (!user) throw domainError("RECORD_NOT_FOUND");
    if (input.firstName !== undefined || input.lastName !== undefined) {
      const names = { firstName: input.firstName ?? user.firstName, lastName: input.lastName ?? user.lastName };
      await usersRepository.updateNames(trx, userId, names, now);
      await freelancersRepository.renameForUser(trx, userId, `${names.firstName} ${names.lastName}`.trim(), now);
    }
    if (input.userType !== undefined && input.userType !== user.userType) {
      // Locked like setUserDisabled's count, so a demotion and a disabling at once cannot both take the last admin.
      if (isAdmin(user) && !user.disabled && input.userType !== "admin" && (await usersRepository.lockEnabledAdmins(trx)) <= 1) {
        throw domainError("LAST_ADMIN", { message: "This is the last enabled admin account; make another account an admin first." });
      }
      await usersRepository.updateType(trx, userId, { userType: input.userType, roleType: roleTypeOf[input.userType] }, now);
      await endAccountSessions(trx, userId);
      retyped = true;
    }
    const changed = await usersRepository.findById(trx, userId);
    if (!changed) throw domainError("RECORD_NOT_FOUND");
    const nameFields = ["firstName", "lastName"] as const;
    if (nameFields.some((field) => user[field] !== changed[field])) {
      await recordAudit(trx, { actor, action: "users.update", recordId: userId, before: user, after: changed, fields: nameFields, at: now });
    }
    if (retyped) {
      await recordAudit(trx, { actor, action: "users.set-type", recordId: userId, before: user, after: changed, fields: ["userType", "roleType"], at: now });
    }
    return changed;
  });
  if (retyped) deps.realtime.disconnect(userChannel(userId));
  return updated;
}

/**
 * Sends an account the same password-reset e-mail as the login page's 'Forgot password', on an admin's request.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND
 */
export async function sendPasswordResetByAdmin(
  deps: Pick<ServiceDeps, "db" | "mailer" | "config" | "now" | "logger">,
  actor: Actor,
  userId: string,
): Promise<void> {
  authorizeBackOffice(actor, "sendReset", "users");
  const user = await getUserForAdmin(deps, actor, userId);
  await requestPasswordReset(deps, user.email);
  // The reset's e-mail is queued in its own transaction (shared with the login page's flow); the entry follows it.
  await recordAudit(deps.db, { actor, action: "users.send-reset", recordId: userId, before: null, after: { email: user.email }, at: deps.now() });
}
