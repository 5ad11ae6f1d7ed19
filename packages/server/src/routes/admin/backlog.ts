import { Router } from "express";
import { z } from "zod";
import { changeRequestStatuses, domainError, isDomainError, priorities, storyUpdateBody, taskStatuses, taskUpdateBody } from "@forgehire/core";
import {
  adminChangeRequestSortColumns,
  adminStorySortColumns,
  adminTaskSortColumns,
  deleteBacklogItemByAdmin,
  editBacklogItemByAdmin,
  listChangeRequestsForAdmin,
  listStoriesForAdmin,
  listTasksForAdmin,
  type AdminChangeRequestSortField,
  type AdminStorySortField,
  type AdminTaskSortField,
  type Services,
} from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { ids, jobIdFilter, parseFilter, pathId, q, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";
import { presentAdminChangeRequest, presentAdminStory, presentAdminTask } from "./present-admin.js";

const storyFilter = z.object({ q, id: ids(uuid), jobId: jobIdFilter, priority: z.enum(priorities).optional() });
const taskFilter = storyFilter.extend({ storyId: uuid.optional(), status: z.enum(taskStatuses).optional() });
const changeRequestFilter = z.object({
  q,
  id: ids(uuid),
  jobId: jobIdFilter,
  status: z.enum(changeRequestStatuses).optional(),
});

/** The portal's STORY_NOT_FOUND / TASK_NOT_FOUND are the back office's RECORD_NOT_FOUND. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isDomainError(error) && (error.code === "STORY_NOT_FOUND" || error.code === "TASK_NOT_FOUND")) throw domainError("RECORD_NOT_FOUND");
    throw error;
  }
}

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw domainError("RECORD_NOT_FOUND");
  return row;
};
const firstPage = { offset: 0, limit: 1, order: "asc" as const };

/**
 * The back office's `stories`, `tasks` and `change-requests` across live jobs. Stories and tasks are edited and
 * deleted through the portal's backlog use cases, so an admin meets the same LOCKED rule as the job's poster.
 */
export function adminBacklogRouter(services: Services): Router {
  const router = Router();

  const storyById = async (actor: ReturnType<typeof currentActor>, id: string) =>
    presentAdminStory(one((await listStoriesForAdmin(services, actor, { ids: [id] }, { ...firstPage, sort: "id" })).rows));
  const taskById = async (actor: ReturnType<typeof currentActor>, id: string) =>
    presentAdminTask(one((await listTasksForAdmin(services, actor, { ids: [id] }, { ...firstPage, sort: "id" })).rows));

  router.get("/stories", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminStorySortColumns) as AdminStorySortField[], "createdAt");
    const filter = parseFilter(storyFilter, params.filter);
    const { rows, total } = await listStoriesForAdmin(services, currentActor(req), { ...filter, ids: filter.id }, params);
    sendList(res, "stories", params, rows.map(presentAdminStory), total);
  });

  router.get("/stories/:id", async (req, res) => {
    res.json(await storyById(currentActor(req), pathId(uuid, req.params.id)));
  });

  router.put("/stories/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const input = parse(storyUpdateBody, req.body);
    const actor = currentActor(req);
    await orNotFound(editBacklogItemByAdmin(services, actor, id, "story", input));
    res.json(await storyById(actor, id));
  });

  router.delete("/stories/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const actor = currentActor(req);
    const story = await storyById(actor, id);
    await orNotFound(deleteBacklogItemByAdmin(services, actor, id, "story"));
    res.json(story);
  });

  router.get("/tasks", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminTaskSortColumns) as AdminTaskSortField[], "createdAt");
    const filter = parseFilter(taskFilter, params.filter);
    const { rows, total } = await listTasksForAdmin(services, currentActor(req), { ...filter, ids: filter.id }, params);
    sendList(res, "tasks", params, rows.map(presentAdminTask), total);
  });

  router.get("/tasks/:id", async (req, res) => {
    res.json(await taskById(currentActor(req), pathId(uuid, req.params.id)));
  });

  router.put("/tasks/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const input = parse(taskUpdateBody, req.body);
    const actor = currentActor(req);
    await orNotFound(editBacklogItemByAdmin(services, actor, id, "task", input));
    res.json(await taskById(actor, id));
  });

  router.delete("/tasks/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const actor = currentActor(req);
    const task = await taskById(actor, id);
    await orNotFound(deleteBacklogItemByAdmin(services, actor, id, "task"));
    res.json(task);
  });

  router.get("/change-requests", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminChangeRequestSortColumns) as AdminChangeRequestSortField[], "createdAt");
    const filter = parseFilter(changeRequestFilter, params.filter);
    const { rows, total } = await listChangeRequestsForAdmin(services, currentActor(req), { ...filter, ids: filter.id }, params);
    sendList(res, "change-requests", params, rows.map(presentAdminChangeRequest), total);
  });

  router.get("/change-requests/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const { rows } = await listChangeRequestsForAdmin(services, currentActor(req), { ids: [id] }, { ...firstPage, sort: "id" });
    res.json(presentAdminChangeRequest(one(rows)));
  });

  return router;
}
