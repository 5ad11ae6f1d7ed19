import { displayName, domainError, type UpdateProfileBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

/**
 * Updates the signed-in user's names; the email never changes. A freelancer's profile carries the new name too,
 * so the directory, the profile page and chat rooms show it at once.
 * @returns the updated user
 * @throws UNAUTHENTICATED when the user no longer exists
 */
export async function updateProfile(
  deps: Pick<ServiceDeps, "db" | "now">,
  userId: string,
  input: UpdateProfileBody,
): Promise<UserRecord> {
  const user = await deps.db.transaction(async (trx) => {
    const now = deps.now();
    await usersRepository.updateNames(trx, userId, input, now);
    const updated = await usersRepository.findById(trx, userId);
    if (!updated) throw domainError("UNAUTHENTICATED");
    await freelancersRepository.renameForUser(trx, userId, displayName(updated), now);
    return updated;
  });
  return user;
}
