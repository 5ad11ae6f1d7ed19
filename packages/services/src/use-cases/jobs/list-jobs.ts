import { myJobsCriteria, type Actor, type MyJobsFilter } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { jobsRepository, type JobRecord } from "../../repositories/jobs.js";

export interface JobPage {
  rows: JobRecord[];
  total: number;
}

/**
 * The listing: every live job, newest first, for any signed-in user.
 * @param deps database
 * @param query page (offset, limit) and optional search words
 */
export function listJobs(deps: Pick<ServiceDeps, "db">, query: { q?: string | undefined; offset: number; limit: number }): Promise<JobPage> {
  return jobsRepository.listLive(deps.db, query);
}

/**
 * My Jobs: the actor's own jobs (client), assigned jobs in progress (freelancer), or all live jobs (admin), under
 * a filter, newest first.
 * @param deps database
 * @param actor the signed-in person
 * @param query the filter and the page
 */
export function listMyJobs(deps: Pick<ServiceDeps, "db">, actor: Actor, query: { filter: MyJobsFilter; offset: number; limit: number }): Promise<JobPage> {
  return jobsRepository.listLive(deps.db, { criteria: myJobsCriteria(actor, query.filter), offset: query.offset, limit: query.limit });
}
