/**
 * A job's state as the rules read it, and the small predicates the permission table is built from.
 */

/** Job statuses; inactive is the soft delete (spec part 1 §4). */
export const jobStatuses = ["open", "in_progress", "completed", "inactive"] as const;

/** The status of a job. */
export type JobStatus = (typeof jobStatuses)[number];

/** Payment statuses; only paid counts as paid (spec part 1 §4). */
export const paymentStatuses = ["unpaid", "pending", "paid"] as const;

/** The payment status of a job. */
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What the job rules need to know about a job. */
export interface JobState {
  /** the user id of the client who posted it; an admin's edit keeps it */
  ownerId: string;
  status: JobStatus;
  paymentStatus: PaymentStatus;
  /** requirements locked: stories and tasks frozen, ready for payment */
  locked: boolean;
  /** when a freelancer started it; null before the start */
  startedAt: Date | string | null;
  /** the user id of the freelancer who started it; null before the start */
  freelancerId: string | null;
  /** whether it has stories; a breakdown is made once (absent counts as none, e.g. a job being posted) */
  hasStories?: boolean;
}

/**
 * Whether the requirements are locked.
 * @param job the job's state
 * @returns true when locked
 */
export function isLocked(job: Pick<JobState, "locked">): boolean {
  return job.locked;
}

/**
 * Whether a freelancer has started the job; a job in progress or completed counts as started even when its start
 * time is missing, so that older rows cannot slip back into an editable state.
 * @param job the job's state
 * @returns true once started
 */
export function isStarted(job: Pick<JobState, "startedAt" | "status">): boolean {
  return job.startedAt !== null || job.status === "in_progress" || job.status === "completed";
}

/**
 * Whether the job is paid; pending and unpaid both count as not paid.
 * @param job the job's state
 * @returns true only for payment status paid
 */
export function isPaid(job: Pick<JobState, "paymentStatus">): boolean {
  return job.paymentStatus === "paid";
}

/**
 * Whether a payment for the job is in flight: an attempt is processing (pending at the provider) and may still
 * succeed or fail. The job is frozen until it does (money-3): its price and scope must not move under the charge.
 * @param job the job's state
 * @returns true for payment status pending
 */
export function isPaymentInFlight(job: Pick<JobState, "paymentStatus">): boolean {
  return job.paymentStatus === "pending";
}

/**
 * Whether the job is being worked on.
 * @param job the job's state
 * @returns true for status in_progress
 */
export function isInProgress(job: Pick<JobState, "status">): boolean {
  return job.status === "in_progress";
}

/**
 * Whether the job was deleted (soft delete: status inactive).
 * @param job the job's state
 * @returns true for status inactive
 */
export function isDeleted(job: Pick<JobState, "status">): boolean {
  return job.status === "inactive";
}

/**
 * The spec's Payment Due: completed but not paid.
 * @param job the job's state
 * @returns true when the client still owes the payment of a finished job
 */
export function isPaymentDue(job: Pick<JobState, "status" | "paymentStatus">): boolean {
  return job.status === "completed" && !isPaid(job);
}

/**
 * Whether the actor posted the job.
 * @param actor the signed-in person
 * @param job the job's state
 * @returns true for the job's owner
 */
export function isOwner(actor: { id: string }, job: Pick<JobState, "ownerId">): boolean {
  return job.ownerId === actor.id;
}

/**
 * Whether the actor is the freelancer who started the job.
 * @param actor the signed-in person
 * @param job the job's state
 * @returns true for the assigned freelancer
 */
export function isAssignedFreelancer(actor: { id: string }, job: Pick<JobState, "freelancerId">): boolean {
  return job.freelancerId !== null && job.freelancerId === actor.id;
}
