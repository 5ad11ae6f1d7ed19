import { domainError, isAdmin, type Actor } from "@forgehire/core";

/**
 * The back office's one rule of access: admins only. Every admin use case checks it, so the CLI and the server
 * refuse alike.
 * @param actor the person asking
 * @throws ADMIN_ONLY for anyone but an admin
 */
export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw domainError("ADMIN_ONLY");
}
