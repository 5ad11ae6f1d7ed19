import { Router } from "express";
import { z } from "zod";
import { adminJobFilter, domainError, fieldErrorsOf, isDeleted, jobId, jobIdParams } from "@forgehire/core";
import { jobSortColumns, jobsRepository, listAdminJobs, type JobSortField, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { presentJob } from "../../presenters/present-job.js";
import { parseListParams, sendList } from "./list-params.js";

// react-admin's getMany sends {"id":[1,2]}; a reference field may send a single id.
const jobsFilter = adminJobFilter.extend({
  /** ids for getMany, one or a list */
  id: z.union([jobId, z.array(jobId).max(1_000)]).optional(),
});

/**
 * The back office's `jobs` resource (read only): the dashboard's views as a list, and one job. Each job is the
 * portal's job with `can` for the admin, so the back office's Pay Now follows the same `can.pay` as the portal.
 */
export function adminJobsRouter(services: Services): Router {
  const router = Router();

  router.get("/jobs", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(jobSortColumns) as JobSortField[], "createdAt");
    const filter = jobsFilter.safeParse(params.filter);
    if (!filter.success) throw domainError("VALIDATION", { message: "Invalid filter.", fields: fieldErrorsOf(filter.error) });
    const { q, view, id } = filter.data;
    const ids = id === undefined ? undefined : [id].flat();
    const { rows, total } = await listAdminJobs(services, { ...params, q: q || undefined, view, ids });
    const actor = currentActor(req);
    sendList(res, "jobs", params, rows.map((job) => presentJob(job, actor)), total);
  });

  router.get("/jobs/:id", async (req, res) => {
    const params = jobIdParams.safeParse(req.params);
    const job = params.success ? await jobsRepository.findById(services.db, params.data.id) : undefined;
    if (!job || isDeleted(job)) throw domainError("RECORD_NOT_FOUND");
    res.json(presentJob(job, currentActor(req)));
  });

  return router;
}
