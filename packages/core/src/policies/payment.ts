/**
 * Who may see and confirm a job's payments. Paying itself is the job table's `pay` action (policies/job.ts).
 */
import { domainError } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";
import type { JobState } from "./job-state.js";

/**
 * Whether the actor may read a job's payment records: its owner and admins.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's state
 * @returns true for the owner and admins
 */
export function canViewPayments(actor: Actor | null | undefined, job: Pick<JobState, "ownerId">): boolean {
  return Boolean(actor && (isAdmin(actor) || actor.id === job.ownerId));
}

/**
 * Guards reading a job's payment records.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's state
 * @throws UNAUTHENTICATED when signed out; PAYMENT_ACCESS_DENIED for anyone but the owner and admins
 */
export function authorizeViewPayments(actor: Actor | null | undefined, job: Pick<JobState, "ownerId">): void {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (!canViewPayments(actor, job)) throw domainError("PAYMENT_ACCESS_DENIED");
}
