import { authorizeBackOffice, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserListQuery, type UserRecord } from "../../repositories/users.js";

/**
 * One page of users for the back office and the CLI, searched by email or name.
 * @param deps database
 * @param actor an admin
 * @param query search, filters, sort and page
 * @returns the rows of the page and the total matching
 * @throws ADMIN_ONLY for anyone else
 */
export function listUsers(deps: Pick<ServiceDeps, "db">, actor: Actor, query: UserListQuery): Promise<{ rows: UserRecord[]; total: number }> {
  authorizeBackOffice(actor, "read", "users");
  return usersRepository.list(deps.db, query);
}
