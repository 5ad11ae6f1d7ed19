import { domainError } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";

/**
 * Whether the actor may post a new job: clients and admins (spec part 1 §6).
 * @param actor the signed-in person
 * @returns true when allowed
 */
export function canPostJob(actor: Actor | null | undefined): boolean {
  return Boolean(actor) && (actor?.userType === "client" || isAdmin(actor));
}

/**
 * Refuses a job post by anyone but a client or an admin.
 * @param actor the signed-in person
 * @throws UNAUTHENTICATED when signed out, POST_JOB_DENIED for freelancers
 */
export function authorizePostJob(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (!canPostJob(actor)) throw domainError("POST_JOB_DENIED");
}
