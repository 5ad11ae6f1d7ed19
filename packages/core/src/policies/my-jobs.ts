/**
 * The My Jobs page: which jobs each role sees, and the filters clients and admins can apply (spec part 1 §6).
 * The rule is written once, as criteria: the repository turns them into SQL, and the predicates below read them.
 */
import { isAdmin, type Actor } from "../users.js";
import type { JobState, JobStatus, PaymentStatus } from "./job-state.js";

/** The My Jobs filters; unpaid means completed but not paid. */
export const myJobsFilters = ["all", "in_progress", "completed", "unpaid", "paid"] as const;

/** One My Jobs filter. */
export type MyJobsFilter = (typeof myJobsFilters)[number];

/** What a listed job must match: every field given must hold. */
export interface JobCriteria {
  ownerId?: string;
  freelancerId?: string;
  statuses?: readonly JobStatus[];
  paymentStatus?: PaymentStatus;
  notPaymentStatus?: PaymentStatus;
  /** true: the job has at least one story in its breakdown; false: none */
  hasStories?: boolean;
  /** true: at least one chat message was sent about the job; false: none */
  hasCommunication?: boolean;
}

/** What `matchesJobCriteria` reads of a job; a missing hasStories or hasCommunication counts as false. */
export type CriteriaJob = Pick<JobState, "status" | "paymentStatus"> &
  Partial<Pick<JobState, "ownerId" | "freelancerId">> & { hasStories?: boolean; hasCommunication?: boolean };

/** The statuses of a job that is not deleted. */
export const liveJobStatuses: readonly JobStatus[] = ["open", "in_progress", "completed"];

const filterCriteria: Record<MyJobsFilter, JobCriteria> = {
  all: {},
  in_progress: { statuses: ["in_progress"] },
  completed: { statuses: ["completed"] },
  unpaid: { statuses: ["completed"], notPaymentStatus: "paid" },
  paid: { paymentStatus: "paid" },
};

function intersect(a: readonly JobStatus[] | undefined, b: readonly JobStatus[] | undefined): readonly JobStatus[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.filter((status) => b.includes(status));
}

/**
 * The jobs on an actor's My Jobs page under a filter: clients see their own jobs, freelancers the jobs assigned to
 * them that are in progress (no filter), admins every job that is not deleted.
 * @param actor the signed-in person
 * @param filter the chosen filter (ignored for freelancers, who have none)
 * @returns the criteria a listed job matches
 */
export function myJobsCriteria(actor: Actor, filter: MyJobsFilter = "all"): JobCriteria {
  if (actor.userType === "freelancer" && !isAdmin(actor)) return { freelancerId: actor.id, statuses: ["in_progress"] };
  const chosen = filterCriteria[filter];
  const base: JobCriteria = isAdmin(actor) ? {} : { ownerId: actor.id };
  return { ...base, ...chosen, statuses: intersect(liveJobStatuses, chosen.statuses) };
}

/**
 * Whether a job matches criteria.
 * @param job the job's state
 * @param criteria what it must match
 * @returns true when every given criterion holds
 */
export function matchesJobCriteria(job: CriteriaJob, criteria: JobCriteria): boolean {
  return (
    (criteria.ownerId === undefined || job.ownerId === criteria.ownerId) &&
    (criteria.freelancerId === undefined || job.freelancerId === criteria.freelancerId) &&
    (criteria.statuses === undefined || criteria.statuses.includes(job.status)) &&
    (criteria.paymentStatus === undefined || job.paymentStatus === criteria.paymentStatus) &&
    (criteria.notPaymentStatus === undefined || job.paymentStatus !== criteria.notPaymentStatus) &&
    (criteria.hasStories === undefined || (job.hasStories ?? false) === criteria.hasStories) &&
    (criteria.hasCommunication === undefined || (job.hasCommunication ?? false) === criteria.hasCommunication)
  );
}

/**
 * Whether a job belongs on the actor's My Jobs page.
 * @param actor the signed-in person
 * @param job the job's state
 * @returns true when the job is listed
 */
export function canSeeJobInMyJobs(actor: Actor, job: JobState): boolean {
  return matchesJobCriteria(job, myJobsCriteria(actor));
}

/**
 * The predicate of a My Jobs filter, on its own (without the role part).
 * @param filter all, in_progress, completed, unpaid (completed and not paid) or paid
 * @returns a function telling whether a job passes the filter
 */
export function myJobsFilter(filter: MyJobsFilter): (job: Pick<JobState, "status" | "paymentStatus">) => boolean {
  return (job) => matchesJobCriteria(job, filterCriteria[filter]);
}
