import { domainError, type UserType } from "@forgehire/core";
import { hashPassword } from "../../auth/passwords.js";
import { isPgError, pgCodes } from "../../db/errors.js";
import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

export interface CreateUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: UserType;
}

const roleByType = { client: "job_poster", freelancer: "freelancer", admin: "admin" } as const;

/**
 * Creates an account of any type, admins included: for operators (CLI) and seeds, never reachable from signup.
 * @param deps database
 * @param input account details, already validated
 * @returns the new user
 * @throws EMAIL_TAKEN when the email is registered
 */
export async function createUser(deps: Pick<ServiceDeps, "db">, input: CreateUserInput): Promise<UserRecord> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await usersRepository.insert(deps.db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      userType: input.userType,
      roleType: roleByType[input.userType],
      passwordHash,
    });
  } catch (error) {
    if (isPgError(error, pgCodes.uniqueViolation)) throw domainError("EMAIL_TAKEN", { fields: { email: "This email is already registered" } });
    throw error;
  }
}
