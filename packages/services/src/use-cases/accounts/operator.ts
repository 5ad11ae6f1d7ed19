import { z } from "zod";
import { domainError, validationError, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserRecord } from "../../repositories/users.js";

/**
 * Who a CLI command acts as: the account named by --as, else the oldest admin still enabled. Use cases and their rules
 * are the same as over HTTP; the CLI only chooses the actor, marked `via: "cli"` so its changes are audited as the CLI's.
 * @throws NOT_FOUND when the account does not exist or no admin exists
 */
export async function operatorActor(deps: Pick<ServiceDeps, "db">, asEmail?: string): Promise<Actor> {
  if (asEmail) {
    const user = await usersRepository.findByEmail(deps.db, asEmail);
    if (!user) throw domainError("NOT_FOUND", { message: `No account with the email ${asEmail}` });
    return { id: user.id, userType: user.userType, roleType: user.roleType, via: "cli" };
  }
  // A disabled admin may no longer act.
  const { rows } = await usersRepository.list(deps.db, { userType: "admin", sort: "createdAt", order: "asc", offset: 0, limit: 100 });
  const admin = rows.find((user) => !user.disabled);
  if (!admin) throw domainError("NOT_FOUND", { message: "No enabled admin account exists: create one with users:create --type admin, or pass --as <email>" });
  return { id: admin.id, userType: admin.userType, roleType: admin.roleType, via: "cli" };
}

/**
 * The account an operator names: by email (anything with an @) or by id.
 * @throws VALIDATION for something that is neither; NOT_FOUND
 */
export async function findAccount(deps: Pick<ServiceDeps, "db">, ref: string): Promise<UserRecord> {
  const byEmail = ref.includes("@");
  if (!byEmail) {
    const id = z.object({ ref: z.string().uuid("Give an account's email or id") }).safeParse({ ref });
    if (!id.success) throw validationError(id.error);
  }
  const user = byEmail ? await usersRepository.findByEmail(deps.db, ref) : await usersRepository.findById(deps.db, ref);
  if (!user) throw domainError("NOT_FOUND", { message: `No account ${ref}` });
  return user;
}
