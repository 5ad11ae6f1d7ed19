import { domainError, type Actor } from "@forgehire/core";
import { usersRepository, type Services } from "@forgehire/services";

/**
 * Who a CLI command acts as: the account named by --as, else the oldest admin. Use cases and their rules are the
 * same as over HTTP; the CLI only chooses the actor.
 * @throws NOT_FOUND when the account does not exist or no admin exists
 */
export async function operatorActor(services: Services, asEmail?: string): Promise<Actor> {
  if (asEmail) {
    const user = await usersRepository.findByEmail(services.db, asEmail);
    if (!user) throw domainError("NOT_FOUND", { message: `No account with the email ${asEmail}` });
    return { id: user.id, userType: user.userType, roleType: user.roleType };
  }
  // The oldest admin still enabled: a disabled one may no longer act.
  const { rows } = await usersRepository.list(services.db, { userType: "admin", sort: "createdAt", order: "asc", offset: 0, limit: 100 });
  const admin = rows.find((user) => !user.disabled);
  if (!admin) throw domainError("NOT_FOUND", { message: "No enabled admin account exists: create one with users:create --type admin, or pass --as <email>" });
  return { id: admin.id, userType: admin.userType, roleType: admin.roleType };
}
