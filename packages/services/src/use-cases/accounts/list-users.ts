import type { ServiceDeps } from "../../deps.js";
import { usersRepository, type UserListQuery, type UserRecord } from "../../repositories/users.js";

/**
 * One page of users for the back office and the CLI, searched by email or name.
 * @returns the rows of the page and the total matching
 */
export function listUsers(deps: Pick<ServiceDeps, "db">, query: UserListQuery): Promise<{ rows: UserRecord[]; total: number }> {
  return usersRepository.list(deps.db, query);
}
