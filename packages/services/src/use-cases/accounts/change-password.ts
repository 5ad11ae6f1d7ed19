import { domainError, type ChangePasswordBody } from "@forgehire/core";
import { hashPassword, verifyPassword } from "../../auth/passwords.js";
import type { ServiceDeps } from "../../deps.js";
import { sessionChannel } from "../../realtime.js";
import { passwordResetTokensRepository } from "../../repositories/password-reset-tokens.js";
import { sessionsRepository } from "../../repositories/sessions.js";
import { usersRepository } from "../../repositories/users.js";

/**
 * Changes the signed-in user's password after checking the current one; other devices are signed out and their
 * sockets closed, and every outstanding reset link of the user is spent (one mailed before must not undo it).
 * @param deps database, clock, realtime
 * @param userId the signed-in user
 * @param input current and new password
 * @param currentSessionId the session that stays signed in
 * @throws WRONG_CURRENT_PASSWORD when the current password does not match
 */
export async function changePassword(
  deps: Pick<ServiceDeps, "db" | "now" | "realtime">,
  userId: string,
  input: ChangePasswordBody,
  currentSessionId?: string,
): Promise<void> {
  const user = await usersRepository.findById(deps.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw domainError("WRONG_CURRENT_PASSWORD", { fields: { currentPassword: "Your current password is not correct." } });
  }
  const passwordHash = await hashPassword(input.password);
  const ended = await deps.db.transaction(async (trx) => {
    await usersRepository.updatePasswordHash(trx, userId, passwordHash, deps.now());
    await passwordResetTokensRepository.spendAllForUser(trx, userId, deps.now());
    return sessionsRepository.deleteForUser(trx, userId, currentSessionId);
  });
  for (const sid of ended) deps.realtime.disconnect(sessionChannel(sid));
}
