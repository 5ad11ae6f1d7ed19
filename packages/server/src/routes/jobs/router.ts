import { Router, type RequestHandler } from "express";
import { multipart, takeUploads } from "../../middlewares/multipart.js";
import {
  encodeListCursor,
  jobCreateBody,
  jobIdParams,
  jobUpdateBody,
  jobsListQuery,
  MAX_JOB_FILES,
  MAX_PAGE,
  myJobsQuery,
  type Actor,
  type CursorPage,
  type Job,
  type JobsListQuery,
  type ListCursor,
} from "@forgehire/core";
import {
  attachJobFiles,
  authorizeJobAttachment,
  deleteJob,
  getJobDetails,
  getJobMoney,
  jobMoneyFor,
  listJobs,
  listMyJobs,
  postJob,
  updateJob,
  type JobPage,
  type Services,
} from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentFile, presentJob, presentJobDetails } from "../../presenters/present-job.js";

// Page numbers for the first pages (API.md), a cursor for going on from any page: with one, the rows are found
// from the cursor's position and the page number is the cursor's.
const pageOf = (query: { page: number; perPage: number; cursor?: ListCursor | undefined }) => {
  const number = query.cursor?.page ?? query.page;
  return { number, offset: (number - 1) * query.perPage, limit: query.perPage, after: query.cursor };
};
const present = (result: JobPage, page: { number: number; limit: number }, actor: Actor): CursorPage<Job> => ({
  items: result.rows.map((job) => presentJob(job, actor)),
  total: result.total,
  page: page.number,
  perPage: page.limit,
  nextCursor: result.next && page.number < MAX_PAGE ? encodeListCursor({ ...result.next, page: page.number + 1 }) : null,
});

/**
 * The answer of GET /api/jobs for a parsed query: the route's and the portal shell's boot data (portal-boot.ts).
 * @param services the database
 * @param actor the signed-in user, whose abilities each job carries
 * @param query the parsed `jobsListQuery`
 * @returns the page as the API sends it
 */
export async function jobsListPage(services: Services, actor: Actor, query: JobsListQuery): Promise<CursorPage<Job>> {
  const page = pageOf(query);
  const result = await listJobs(services, { q: query.q || undefined, ...page });
  return present(result, page, actor);
}

/** /api/jobs: post, list, read, edit, delete and attach files (API.md "Jobs"). */
export function jobsRouter(services: Services): Router {
  const router = Router();
  router.use("/jobs", requireUser);

  router.get("/jobs", async (req, res) => {
    res.json(await jobsListPage(services, currentActor(req), parse(jobsListQuery, req.query)));
  });

  router.get("/jobs/mine", async (req, res) => {
    const query = parse(myJobsQuery, req.query);
    const actor = currentActor(req);
    const page = pageOf(query);
    const result = await listMyJobs(services, actor, { filter: query.filter, ...page });
    res.json(present(result, page, actor));
  });

  router.post("/jobs", async (req, res) => {
    const input = parse(jobCreateBody, req.body);
    const actor = currentActor(req);
    const details = await postJob(services, actor, input);
    res.status(201).json(presentJobDetails(details, actor));
  });

  router.get("/jobs/:id", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const actor = currentActor(req);
    const details = await getJobDetails(services, id);
    // Its money goes only to those who may see it (owner, assigned freelancer, admins): absent for anyone else.
    res.json(presentJobDetails(details, actor, await jobMoneyFor(services, actor, details.job)));
  });

  router.get("/jobs/:id/money", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    res.json(await getJobMoney(services, currentActor(req), id));
  });

  router.put("/jobs/:id", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const input = parse(jobUpdateBody, req.body);
    const actor = currentActor(req);
    res.json(presentJobDetails(await updateJob(services, actor, id, input), actor));
  });

  router.delete("/jobs/:id", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    await deleteJob(services, currentActor(req), id);
    res.status(204).end();
  });

  // Files stream to storage as they arrive, checked by content and size on the way (at most five).
  const upload = multipart(services.storage, {
    kind: "job_attachment",
    prefix: (req) => `jobs/${parse(jobIdParams, req.params).id}`,
    limits: { files: MAX_JOB_FILES, fields: 10 },
  });

  // The right to attach is checked before any upload is read or stored.
  const mayAttach: RequestHandler = async (req, _res, next) => {
    await authorizeJobAttachment(services, currentActor(req), parse(jobIdParams, req.params).id);
    next();
  };

  router.post("/jobs/:id/files", mayAttach, upload.array("files", MAX_JOB_FILES), async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const stored = await attachJobFiles(services, currentActor(req), id, takeUploads(req));
    res.status(201).json(stored.map(presentFile));
  });

  return router;
}
