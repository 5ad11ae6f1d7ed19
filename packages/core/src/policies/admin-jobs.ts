/**
 * The back office's job views (the admin dashboard's filter select, spec part 2 "Admin dashboard"), written once as
 * criteria: the repository turns them into SQL for the jobs list, and `adminJobViewFilter` reads the same criteria.
 */
import type { AdminJobView } from "../schemas/admin.js";
import { liveJobStatuses, matchesJobCriteria, type CriteriaJob, type JobCriteria } from "./my-jobs.js";

const viewCriteria: Record<AdminJobView, JobCriteria> = {
  all: {},
  in_progress: { statuses: ["in_progress"] },
  completed: { statuses: ["completed"] },
  // The spec's Payment Due: completed and not paid (unpaid and pending both owe).
  payment_due: { statuses: ["completed"], notPaymentStatus: "paid" },
  paid: { paymentStatus: "paid" },
  with_stories: { hasStories: true },
  with_communication: { hasCommunication: true },
};

/**
 * The jobs a back-office view lists: every job that is not deleted, narrowed by the view.
 * @param view all, in_progress, completed, payment_due (completed and not paid), paid, with_stories or
 *   with_communication (at least one chat message about the job)
 * @returns the criteria a listed job matches
 */
export function adminJobViewCriteria(view: AdminJobView): JobCriteria {
  const chosen = viewCriteria[view];
  return { ...chosen, statuses: chosen.statuses ?? liveJobStatuses };
}

/**
 * The predicate of a back-office view, for counting or checking a job already in hand.
 * @param view one of the dashboard's views
 * @returns a function telling whether a job is listed under the view
 */
export function adminJobViewFilter(view: AdminJobView): (job: CriteriaJob) => boolean {
  const criteria = adminJobViewCriteria(view);
  return (job) => matchesJobCriteria(job, criteria);
}
