import { displayName, domainError, type ProfilePatchBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

/**
 * Updates the signed-in user's names and/or notification e-mail switches; the email never changes. A freelancer's profile carries the new name too,
 * so the directory, the profile page and chat rooms show it at once.
 * @returns the updated user
 * @throws UNAUTHENTICATED when the user no longer exists
 */
export async function updateProfile(deps: Pick<ServiceDeps, "db" | "now">, userId: string, input: ProfilePatchBody): Promise<UserRecord> {
  const user = await deps.db.transaction(async (trx) => {
    const now = deps.now();
    if (input.emailNotifications) await usersRepository.updateEmailNotifications(trx, userId, input.emailNotifications, now);
    // The schema lets the names through only together.
    const names = input.firstName !== undefined && input.lastName !== undefined ? { firstName: input.firstName, lastName: input.lastName } : null;
    if (names) await usersRepository.updateNames(trx, userId, names, now);
    const updated = await usersRepository.findById(trx, userId);
    if (!updated) throw domainError("UNAUTHENTICATED");
    if (names) await freelancersRepository.renameForUser(trx, userId, displayName(updated), now);
    return updated;
  });
  return user;
}
