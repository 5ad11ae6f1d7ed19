/**
 * The back office's operations on records (restore a deleted job, refund a charge, change an account) and its bulk
 * actions: which are allowed now, and why not, decided once here so the server refuses, the back office hides or
 * disables its buttons and the CLI answers with the same words.
 */
import { z } from "zod";
import { refusalOf, type Refusal } from "../errors.js";
import type { PaymentAttemptStatus } from "../payments/payments.js";
import type { JobState } from "../policies/job-state.js";

/** An operation's answer: allowed, or the refusal the endpoint would answer with. */
export type OperationDecision = { allowed: true } | { allowed: false; refusal: Refusal };

const allowed: OperationDecision = { allowed: true };
const refused = (refusal: Refusal): OperationDecision => ({ allowed: false, refusal });

/**
 * Whether a job can be restored: only a deleted one (status inactive). A deleted job was never paid nor started (the
 * delete refuses those), so restoring it gives back an open job with its lock, stories and history as they were.
 * @param job the job's state
 * @returns allowed for a deleted job, else JOB_NOT_DELETED
 */
export function decideJobRestore(job: Pick<JobState, "status">): OperationDecision {
  return job.status === "inactive" ? allowed : refused(refusalOf("JOB_NOT_DELETED"));
}

/**
 * Whether the back office can refund a charge now: only one flagged needs_refund, by the provider that took it (a
 * charge of another provider cannot be given back through this one).
 * @param payment the attempt's status and provider
 * @param activeProvider the payment provider this server runs with
 * @returns allowed, or NOT_REFUNDABLE worded for the case
 */
export function decidePaymentRefund(
  payment: { status: PaymentAttemptStatus; provider: string; providerPaymentId: string | null },
  activeProvider: string,
): OperationDecision {
  if (payment.status === "refunded") return refused({ ...refusalOf("NOT_REFUNDABLE"), message: "This charge has already been refunded." });
  if (payment.status !== "needs_refund") return refused(refusalOf("NOT_REFUNDABLE"));
  if (payment.provider !== activeProvider || !payment.providerPaymentId) {
    return refused({
      ...refusalOf("NOT_REFUNDABLE"),
      message: `This charge was taken by the ${payment.provider} provider; this server refunds through ${activeProvider} only.`,
    });
  }
  return allowed;
}

/**
 * Whether an admin's change to an account is one they may not make to their own: changing their own type away from
 * admin (a demotion in one Save would lock them out of the back office; another admin must do it). Disabling oneself
 * is refused by the disabling rule (CANNOT_DISABLE_SELF).
 * @param actorId the admin saving
 * @param userId the account saved
 * @param change the new type, when it changes
 * @returns allowed, or CANNOT_DEMOTE_SELF
 */
export function decideOwnAccountChange(actorId: string, userId: string, change: { userType?: string | undefined }): OperationDecision {
  if (actorId === userId && change.userType !== undefined && change.userType !== "admin") return refused(refusalOf("CANNOT_DEMOTE_SELF"));
  return allowed;
}

/** The bulk actions of the back office's lists, by resource. */
export const bulkActions = {
  jobs: ["delete", "restore"],
  users: ["disable", "enable"],
  emails: ["resend"],
  payments: ["refund"],
} as const;

/** A resource with bulk actions. */
export type BulkResource = keyof typeof bulkActions;

/** The most records one bulk request acts on (react-admin's largest page). */
export const bulkLimit = 1000;

/**
 * The body of `POST /api/admin/:resource/bulk`: the action and the selected ids (at least one, no more than a page).
 * @param resource the list's resource
 * @returns its schema
 */
export function bulkRequestBody<R extends BulkResource>(resource: R) {
  const actions = bulkActions[resource] as unknown as [string, ...string[]];
  return z.object({
    action: z.enum(actions, { error: `Unknown action; one of ${actions.join(", ")}` }),
    ids: z
      .array(z.union([z.string().min(1).max(100), z.number().int()]))
      .min(1, { error: "Select at least one record." })
      .max(bulkLimit, { error: `At most ${bulkLimit} records at once.` }),
  });
}

/** One record's outcome in a bulk answer: done, or refused with the error the single action would answer. */
export type BulkResult = { id: string | number; ok: true } | { id: string | number; ok: false; error: { code: string; title: string; message: string } };

/** The answer of a bulk action: how many succeeded and failed, and each record's outcome in the order sent. */
export interface BulkOutcome {
  succeeded: number;
  failed: number;
  results: BulkResult[];
}

/**
 * Sums a bulk action's outcomes: how many succeeded and failed.
 * @param results each record's outcome
 * @returns the answer sent
 */
export function summarizeBulk(results: BulkResult[]): BulkOutcome {
  const succeeded = results.filter((result) => result.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/**
 * The sentence a back office shows after a bulk action: how many were done, and why the others were not (each
 * distinct reason once, with how many it refused).
 * @param outcome the bulk answer
 * @param verb what was done, in the past tense ("disabled")
 * @returns e.g. "2 disabled; 1 refused: You cannot disable your own account."
 */
export function describeBulkOutcome(outcome: BulkOutcome, verb: string): string {
  const done = `${outcome.succeeded} ${verb}`;
  if (outcome.failed === 0) return done;
  const reasons = new Map<string, number>();
  for (const result of outcome.results) if (!result.ok) reasons.set(result.error.message, (reasons.get(result.error.message) ?? 0) + 1);
  const why = [...reasons].map(([message, count]) => (reasons.size > 1 ? `${message} (${count})` : message)).join(" ");
  return `${done}; ${outcome.failed} refused: ${why}`;
}
