/**
 * Who may see a job's money (its ledger): the client who posted it, the freelancer assigned to it, and admins.
 */
import { domainError } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";
import type { JobState } from "./job-state.js";

/**
 * Whether the actor may read the job's money: paid, held, released, refunded and the ledger entries.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's owner and assigned freelancer
 * @returns true for the owner, the assigned freelancer and admins
 */
export function canViewJobMoney(actor: Actor | null | undefined, job: Pick<JobState, "ownerId" | "freelancerId">): boolean {
  return Boolean(actor && (isAdmin(actor) || actor.id === job.ownerId || (job.freelancerId !== null && actor.id === job.freelancerId)));
}

/**
 * Guards reading a job's money.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's owner and assigned freelancer
 * @throws UNAUTHENTICATED when signed out; MONEY_ACCESS_DENIED for anyone else than the owner, the freelancer and admins
 */
export function authorizeViewJobMoney(actor: Actor | null | undefined, job: Pick<JobState, "ownerId" | "freelancerId">): void {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (!canViewJobMoney(actor, job)) throw domainError("MONEY_ACCESS_DENIED");
}
