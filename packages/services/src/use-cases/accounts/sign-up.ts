import { domainError, roleTypeForSignup, type SignupBody } from "@forgehire/core";
import { hashPassword } from "../../auth/passwords.js";
import { isPgError, pgCodes } from "../../db/errors.js";
import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

/**
 * Creates a client or freelancer account; nobody becomes admin this way.
 * @param deps database
 * @param input the validated signup body
 * @returns the new user
 * @throws EMAIL_TAKEN when the email is already registered (also when two signups race)
 */
export async function signUp(deps: Pick<ServiceDeps, "db">, input: SignupBody): Promise<UserRecord> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await usersRepository.insert(deps.db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      userType: input.userType,
      roleType: roleTypeForSignup(input.userType),
      passwordHash,
    });
  } catch (error) {
    if (isPgError(error, pgCodes.uniqueViolation)) throw domainError("EMAIL_TAKEN", { fields: { email: "This email is already registered" } });
    throw error;
  }
}
