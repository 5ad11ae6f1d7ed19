import { authorizeSetUserDisabled, domainError, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { userChannel } from "../../realtime.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";
import { endAccountSessions } from "./end-sessions.js";
import { USER_AUDIT_FIELDS, recordAudit } from "../admin/audit.js";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Disables or enables an account (back office and CLI). Disabling ends every session of the user in the same
 * transaction (`endAccountSessions`: a session stored while it runs never counts either) and, after the commit,
 * closes all their sockets on every server process; their login then answers ACCOUNT_DISABLED. Enabling lets them
 * sign in again (no session is restored).
 * @param deps database, clock, realtime
 * @param actor the admin asking
 * @param userId the account to change
 * @param disabled true to disable, false to enable
 * @returns the account as it now is
 * @throws ADMIN_ONLY for non-admins, USER_NOT_FOUND, CANNOT_DISABLE_SELF, LAST_ADMIN (the last enabled admin)
 */
export async function setUserDisabled(
  deps: Pick<ServiceDeps, "db" | "now" | "realtime">,
  actor: Actor,
  userId: string,
  disabled: boolean,
): Promise<UserRecord> {
  // Not a user id at all: the same answer as an unknown one, rather than the database's type error.
  if (!uuidPattern.test(userId)) throw domainError("USER_NOT_FOUND");
  const user = await deps.db.transaction(async (trx) => {
    // Locked before reading the target, so two admins disabling each other are decided in turn.
    const enabledAdmins = await usersRepository.lockEnabledAdmins(trx);
    const target = await usersRepository.findById(trx, userId);
    if (!target) throw domainError("USER_NOT_FOUND");
    authorizeSetUserDisabled(actor, target, disabled, enabledAdmins);
    if (target.disabled !== disabled) await usersRepository.setDisabled(trx, userId, disabled, deps.now());
    if (disabled) await endAccountSessions(trx, userId);
    const updated = await usersRepository.findById(trx, userId);
    if (!updated) throw domainError("USER_NOT_FOUND");
    if (target.disabled !== disabled) {
      const action = disabled ? "users.disable" : "users.enable";
      await recordAudit(trx, { actor, action, recordId: userId, before: target, after: updated, fields: USER_AUDIT_FIELDS, at: deps.now() });
    }
    return updated;
  });
  if (disabled) deps.realtime.disconnect(userChannel(userId));
  return user;
}
