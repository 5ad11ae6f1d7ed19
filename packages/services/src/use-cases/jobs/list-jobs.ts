import { adminJobViewCriteria, myJobsCriteria, type Actor, type AdminJobView, type MyJobsFilter } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { jobsRepository, type JobListPosition, type JobRecord, type JobSortField } from "../../repositories/jobs.js";

export interface JobPage {
  rows: JobRecord[];
  total: number;
  /** after the page's last row when more rows follow (keyset pagination), else null */
  next: JobListPosition | null;
}

/** A page of a newest-first list: by offset, or (deep pages) after a position, with offset then only placing it. */
export interface JobListPageQuery {
  offset: number;
  limit: number;
  after?: JobListPosition | undefined;
}

/**
 * The listing: every live job, newest first, for any signed-in user. Its total may be a few seconds old (see
 * JobListQuery.cachedTotal): the busiest list, and the only one counted on every page otherwise.
 * @param deps database
 * @param query the page (offset and limit, or after a position) and optional search words
 */
export function listJobs(deps: Pick<ServiceDeps, "db">, query: JobListPageQuery & { q?: string | undefined }): Promise<JobPage> {
  return jobsRepository.listLive(deps.db, { ...query, cachedTotal: true });
}

/**
 * My Jobs: the actor's own jobs (client), assigned jobs in progress (freelancer), or all live jobs (admin), under
 * a filter, newest first.
 * @param deps database
 * @param actor the signed-in person
 * @param query the filter and the page (offset and limit, or after a position)
 */
export function listMyJobs(deps: Pick<ServiceDeps, "db">, actor: Actor, query: JobListPageQuery & { filter: MyJobsFilter }): Promise<JobPage> {
  return jobsRepository.listLive(deps.db, { criteria: myJobsCriteria(actor, query.filter), offset: query.offset, limit: query.limit, after: query.after });
}

/** What the back office's job list asks for (ra-data-simple-rest's sort, range and filter, already parsed). */
export interface AdminJobsQuery {
  /** one of the dashboard's views; all when absent */
  view?: AdminJobView | undefined;
  /** words looked for in the title, the description and the poster's name */
  q?: string | undefined;
  /** only these jobs (getMany) */
  ids?: readonly number[] | undefined;
  /** true: the deleted jobs (the view is then ignored: a view lists live jobs) */
  deleted?: boolean | undefined;
  /** only jobs this user posted (a user's jobs in the back office) */
  ownerId?: string | undefined;
  /** only jobs assigned to this freelancer (user id) */
  freelancerId?: string | undefined;
  sort: JobSortField;
  order: "asc" | "desc";
  offset: number;
  limit: number;
}

/**
 * The back office's jobs resource: every live job under one of the dashboard's views, searched, sorted and paged.
 * The caller checks that the actor is an admin (the admin router does, for every back-office resource).
 * @param deps database
 * @param query the view, search words, ids, sort and page
 * @returns the page of jobs and the total under the view and search
 */
export function listAdminJobs(deps: Pick<ServiceDeps, "db">, query: AdminJobsQuery): Promise<JobPage> {
  return jobsRepository.listLive(deps.db, {
    criteria: {
      ...(query.deleted ? {} : adminJobViewCriteria(query.view ?? "all")),
      ...(query.ownerId !== undefined && { ownerId: query.ownerId }),
      ...(query.freelancerId !== undefined && { freelancerId: query.freelancerId }),
    },
    deleted: query.deleted,
    q: query.q,
    searchOwnerName: true,
    ids: query.ids,
    sort: query.sort,
    order: query.order,
    offset: query.offset,
    limit: query.limit,
  });
}
