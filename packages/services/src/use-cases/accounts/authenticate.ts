import { domainError, type LoginBody } from "@forgehire/core";
import { hashPassword, verifyPassword } from "../../auth/passwords.js";
import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

// Verifying against a real hash when the email is unknown keeps both answers equally slow,
// so response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

/**
 * Checks an email and password pair.
 * @param deps database
 * @param input email and password
 * @returns the user
 * @throws INVALID_CREDENTIALS for an unknown email or a wrong password alike; ACCOUNT_DISABLED for a disabled
 * account, only once the password is right, so a guesser learns nothing new
 */
export async function authenticate(deps: Pick<ServiceDeps, "db">, input: LoginBody): Promise<UserRecord> {
  const user = await usersRepository.findByEmail(deps.db, input.email);
  decoyHash ??= hashPassword("decoy-password-for-timing");
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !ok) throw domainError("INVALID_CREDENTIALS");
  if (user.disabled) throw domainError("ACCOUNT_DISABLED");
  return user;
}
