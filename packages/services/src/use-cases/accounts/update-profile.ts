import { domainError, type UpdateProfileBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

/**
 * Updates the signed-in user's names; the email never changes.
 * @returns the updated user
 * @throws UNAUTHENTICATED when the user no longer exists
 */
export async function updateProfile(
  deps: Pick<ServiceDeps, "db" | "now">,
  userId: string,
  input: UpdateProfileBody,
): Promise<UserRecord> {
  await usersRepository.updateNames(deps.db, userId, input, deps.now());
  const user = await usersRepository.findById(deps.db, userId);
  if (!user) throw domainError("UNAUTHENTICATED");
  return user;
}
