import { authorizeBackOffice, type Actor, type JobUpdateBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { changeRequestsRepository, type ChangeRequestRecord } from "../../repositories/change-requests.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { deleteJob } from "../jobs/delete-job.js";
import { getJobDetails, type JobDetails } from "../jobs/job-details.js";
import { listAdminJobs, type AdminJobsQuery, type JobPage } from "../jobs/list-jobs.js";
import { updateJob } from "../jobs/update-job.js";

/** Everything the back office's job page shows: the job and requirements, its backlog, requests, money and history. */
export interface AdminJobRecord extends JobDetails {
  stories: StoryRecord[];
  changeRequests: ChangeRequestRecord[];
  payments: PaymentRow[];
  activity: Awaited<ReturnType<typeof jobActivityRepository.listForJob>>;
}

/**
 * The back office's jobs resource, for the CLI as for the server: a view, search, ids, sort and page.
 * @throws ADMIN_ONLY
 */
export function listJobsForAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, query: AdminJobsQuery): Promise<JobPage> {
  authorizeBackOffice(actor, "read", "jobs");
  return listAdminJobs(deps, query);
}

/**
 * One live job with its requirements, stories and tasks, change requests, payments and activity log.
 * @param deps database
 * @param actor an admin
 * @param jobId the job
 * @returns the job page's data
 * @throws ADMIN_ONLY; JOB_NOT_FOUND when unknown or deleted
 */
export async function getJobForAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<AdminJobRecord> {
  authorizeBackOffice(actor, "read", "jobs");
  const details = await getJobDetails(deps, jobId);
  const [stories, changeRequests, payments, activity] = await Promise.all([
    storiesRepository.listForJob(deps.db, jobId),
    changeRequestsRepository.listForJob(deps.db, jobId),
    paymentsRepository.listForJob(deps.db, jobId),
    jobActivityRepository.listForJob(deps.db, jobId),
  ]);
  return { ...details, stories, changeRequests, payments, activity };
}

/**
 * An admin's edit of a job: the portal's edit, under the portal's rules (not once locked, started or paid), and
 * the owner stays the poster.
 * @throws ADMIN_ONLY; and whatever `updateJob` throws (JOB_NOT_FOUND, JOB_NOT_EDITABLE, DUPLICATE_REQUIREMENT)
 */
export async function updateJobByAdmin(
  deps: Pick<ServiceDeps, "db" | "now" | "logger" | "payments">,
  actor: Actor,
  jobId: number,
  input: JobUpdateBody,
): Promise<AdminJobRecord> {
  authorizeBackOffice(actor, "update", "jobs");
  await updateJob(deps, actor, jobId, input);
  return getJobForAdmin(deps, actor, jobId);
}

/**
 * An admin's delete of a job: the portal's soft delete, under the portal's rules (never once paid or started).
 * @returns the job as it was just before (react-admin shows the deleted record)
 * @throws ADMIN_ONLY; and whatever `deleteJob` throws (JOB_NOT_FOUND, JOB_PAID)
 */
export async function deleteJobByAdmin(deps: Pick<ServiceDeps, "db" | "now" | "logger" | "payments">, actor: Actor, jobId: number): Promise<JobDetails["job"]> {
  authorizeBackOffice(actor, "delete", "jobs");
  const before = await getJobDetails(deps, jobId);
  await deleteJob(deps, actor, jobId);
  return (await jobsRepository.findById(deps.db, jobId)) ?? before.job;
}
