import { Router } from "express";
import { z } from "zod";
import { adminJobFilter, domainError, fieldErrorsOf, isDomainError, jobId, jobIdParams, jobUpdateBody } from "@forgehire/core";
import { deleteJobByAdmin, getJobForAdmin, jobSortColumns, listJobsForAdmin, updateJobByAdmin, type JobSortField, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { presentJob } from "../../presenters/present-job.js";
import { parse } from "../../middlewares/validate.js";
import { parseListParams, sendList } from "./list-params.js";
import { presentAdminJob } from "./present-admin.js";

// react-admin's getMany sends {"id":[1,2]}; a reference field may send a single id.
const jobsFilter = adminJobFilter.extend({
  /** ids for getMany, one or a list */
  id: z.union([jobId, z.array(jobId).max(1_000)]).optional(),
  /** a user's posted jobs (getManyReference from users) */
  ownerId: z.guid().optional(),
  /** a freelancer's assigned jobs, by user id */
  freelancerId: z.guid().optional(),
  /** true: the deleted jobs, to restore them */
  deleted: z.boolean().optional(),
});

/** A job id of the path; anything else is a record that does not exist. */
function jobIdOf(raw: string): number {
  const params = jobIdParams.safeParse({ id: raw });
  if (!params.success) throw domainError("RECORD_NOT_FOUND");
  return params.data.id;
}

/** The portal's JOB_NOT_FOUND is the back office's RECORD_NOT_FOUND: react-admin shows one 'not found'. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isDomainError(error) && error.code === "JOB_NOT_FOUND") throw domainError("RECORD_NOT_FOUND");
    throw error;
  }
}

/**
 * The back office's `jobs` resource: the dashboard's views as a list; one job with everything its page shows;
 * edit and delete through the portal's own use cases and rules (an admin's edit keeps the poster as owner).
 */
export function adminJobsRouter(services: Services): Router {
  const router = Router();

  router.get("/jobs", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(jobSortColumns) as JobSortField[], "createdAt");
    const filter = jobsFilter.safeParse(params.filter);
    if (!filter.success) throw domainError("VALIDATION", { message: "Invalid filter.", fields: fieldErrorsOf(filter.error) });
    const { q, view, id, ownerId, freelancerId, deleted } = filter.data;
    const ids = id === undefined ? undefined : [id].flat();
    const actor = currentActor(req);
    const { rows, total } = await listJobsForAdmin(services, actor, { ...params, q: q || undefined, view, ids, ownerId, freelancerId, deleted });
    sendList(
      res,
      "jobs",
      params,
      rows.map((job) => presentJob(job, actor)),
      total,
    );
  });

  router.get("/jobs/:id", async (req, res) => {
    const actor = currentActor(req);
    res.json(presentAdminJob(await orNotFound(getJobForAdmin(services, actor, jobIdOf(req.params.id))), actor));
  });

  // react-admin PUTs the whole record it showed: the job's fields at the top, the wizard's under `requirements`.
  // Only the editable fields are read; status, owner, budget and the rest are never taken from the body.
  router.put("/jobs/:id", async (req, res) => {
    const id = jobIdOf(req.params.id);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const nested = body.requirements && typeof body.requirements === "object" ? (body.requirements as Record<string, unknown>) : {};
    const { industry: _sameAsJob, files: _files, ...requirements } = nested;
    const input = parse(jobUpdateBody, { ...requirements, ...body });
    const actor = currentActor(req);
    res.json(presentAdminJob(await orNotFound(updateJobByAdmin(services, actor, id, input)), actor));
  });

  router.delete("/jobs/:id", async (req, res) => {
    const actor = currentActor(req);
    const job = await orNotFound(deleteJobByAdmin(services, actor, jobIdOf(req.params.id)));
    res.json(presentJob(job, actor));
  });

  return router;
}
