import { Router, type RequestHandler, type Response } from "express";
import { multipart, takeUploads } from "../../middlewares/multipart.js";
import {
  type BreakdownQueued,
  type BreakdownResult,
  breakdownRunParams,
  changeRequestBody,
  idParams,
  jobIdParams,
  releaseAmounts,
  storyCreateBody,
  storyUpdateBody,
  taskCreateBody,
  taskCommentsQuery,
  taskMessageBody,
  taskStatusBody,
  taskUpdateBody,
  type BreakdownVersion,
} from "@forgehire/core";
import {
  addStory,
  authorizeTaskConversation,
  addTask,
  getBreakdownRun,
  startBreakdown,
  type BreakdownStart,
  listBreakdownVersions,
  completeJob,
  deleteBacklogItem,
  editBacklogItem,
  listChangeRequests,
  loadLiveJob,
  storyAbilities,
  type StoryRecord,
  listStories,
  listTaskComments,
  listTaskMessages,
  lockJob,
  postTaskMessage,
  projectStatus,
  requestChange,
  startJob,
  unlockJob,
  updateTaskStatus,
  type Services,
} from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentJob } from "../../presenters/present-job.js";
import {
  presentBreakdownRun,
  presentChangeRequest,
  presentStory,
  presentTask,
  presentTaskComment,
  presentTaskMessage,
} from "../../presenters/present-story.js";

/** Task messages carry up to 5 files of 10 MB each. */

/** Breakdown, stories and tasks, lock and start, change requests, project status, task messages (API.md). */
export function breakdownRouter(services: Services): Router {
  const router = Router();
  router.use(["/jobs", "/stories", "/tasks"], requireUser);

  // A job's stories with what the asker may do to each one's delivery (the lifecycle's decision on that story).
  const withAbilities = async (jobId: number, req: Parameters<typeof currentActor>[0], stories: StoryRecord[]) => {
    const job = await loadLiveJob(services.db, jobId);
    const feePercent = services.config.delivery.platformFeePercent;
    return stories.map((story) =>
      presentStory(
        story,
        storyAbilities(services, currentActor(req), job, story),
        story.amountCents === null ? undefined : releaseAmounts(story.amountCents, feePercent),
      ),
    );
  };
  const storiesOf = async (jobId: number, req: Parameters<typeof currentActor>[0]) =>
    withAbilities(jobId, req, await listStories(services, currentActor(req), jobId));

  /** One answer shape per outcome: 201/200 with the stories the rules engine stored, 202 with the AI's queued run. */
  const answerBreakdown = (res: Response, started: BreakdownStart, storedStatus: 200 | 201) => {
    if (started.state === "stored") {
      res.status(storedStatus).json({ source: started.source, stories: started.stories.map((story) => presentStory(story)) } satisfies BreakdownResult);
      return;
    }
    // The run says how far it got (socket, or polling).
    res.status(202).json({ runId: started.run.id, status: started.run.status } satisfies BreakdownQueued);
  };

  router.post("/jobs/:id/breakdown", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    answerBreakdown(res, await startBreakdown(services, currentActor(req), id), 201);
  });

  router.get("/jobs/:id/breakdown/runs/:runId", async (req, res) => {
    const { id, runId } = parse(breakdownRunParams, req.params);
    res.json(presentBreakdownRun(await getBreakdownRun(services, currentActor(req), id, runId)));
  });

  router.post("/jobs/:id/breakdown/regenerate", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    // Like a first breakdown; a queued run replaces the stories when it stores.
    answerBreakdown(res, await startBreakdown(services, currentActor(req), id, { kind: "regenerate" }), 200);
  });

  router.get("/jobs/:id/breakdown/versions", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const versions = await listBreakdownVersions(services, currentActor(req), id);
    res.json(versions.map((version) => ({ ...version, lockedAt: version.lockedAt.toISOString() }) satisfies BreakdownVersion));
  });

  router.get("/jobs/:id/stories", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    res.json(await storiesOf(id, req));
  });

  router.post("/jobs/:id/stories", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const input = parse(storyCreateBody, req.body);
    const storyId = await addStory(services, currentActor(req), id, input);
    const story = (await listStories(services, currentActor(req), id)).find((s) => s.id === storyId);
    res.status(201).json(story && presentStory(story));
  });

  router.post("/stories/:id/tasks", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const input = parse(taskCreateBody, req.body);
    const created = await addTask(services, currentActor(req), id, input);
    const task = (await listStories(services, currentActor(req), created.jobId)).flatMap((s) => s.tasks).find((t) => t.id === created.id);
    res.status(201).json(task && presentTask(task));
  });

  router.patch("/stories/:id", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const input = parse(storyUpdateBody, req.body);
    const jobId = await editBacklogItem(services, currentActor(req), id, "story", input);
    const story = (await listStories(services, currentActor(req), jobId)).find((s) => s.id === id);
    res.json(story && presentStory(story));
  });

  router.patch("/tasks/:id", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const input = parse(taskUpdateBody, req.body);
    const jobId = await editBacklogItem(services, currentActor(req), id, "task", input);
    const task = (await listStories(services, currentActor(req), jobId)).flatMap((s) => s.tasks).find((t) => t.id === id);
    res.json(task && presentTask(task));
  });

  router.delete("/stories/:id", async (req, res) => {
    const { id } = parse(idParams, req.params);
    await deleteBacklogItem(services, currentActor(req), id, "story");
    res.status(204).end();
  });

  router.delete("/tasks/:id", async (req, res) => {
    const { id } = parse(idParams, req.params);
    await deleteBacklogItem(services, currentActor(req), id, "task");
    res.status(204).end();
  });

  for (const [path, action] of [
    ["lock", lockJob],
    ["unlock", unlockJob],
    ["start", startJob],
    ["complete", completeJob],
  ] as const) {
    router.post(`/jobs/:id/${path}`, async (req, res) => {
      const { id } = parse(jobIdParams, req.params);
      const actor = currentActor(req);
      res.json({ job: presentJob(await action(services, actor, id), actor) });
    });
  }

  router.patch("/tasks/:id/status", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const input = parse(taskStatusBody, req.body);
    res.json(presentTask(await updateTaskStatus(services, currentActor(req), id, input)));
  });

  router.get("/tasks/:id/comments", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const page = parse(taskCommentsQuery, req.query);
    res.json((await listTaskComments(services, currentActor(req), id, page)).map(presentTaskComment));
  });

  router.post("/jobs/:id/change-requests", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const input = parse(changeRequestBody, req.body);
    const actor = currentActor(req);
    const result = await requestChange(services, actor, id, input);
    const job = await loadLiveJob(services.db, id);
    res.status(201).json({
      changeRequest: presentChangeRequest(result.changeRequest, { actor, job }),
      // A quote on a paid job adds no story until it is paid.
      story: result.story ? presentStory(result.story) : null,
    });
  });

  router.get("/jobs/:id/change-requests", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const actor = currentActor(req);
    const requests = await listChangeRequests(services, actor, id);
    const job = await loadLiveJob(services.db, id);
    res.json(requests.map((request) => presentChangeRequest(request, { actor, job })));
  });

  router.get("/jobs/:id/status", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const status = await projectStatus(services, currentActor(req), id);
    res.json({ stories: await withAbilities(id, req, status.stories), progress: status.progress });
  });

  router.get("/tasks/:id/messages", async (req, res) => {
    const { id } = parse(idParams, req.params);
    res.json((await listTaskMessages(services, currentActor(req), id)).map(presentTaskMessage));
  });

  // Attachments stream to storage as they arrive, checked by content and size on the way.
  const upload = multipart(services.storage, {
    kind: "task_attachment",
    prefix: (req) => `tasks/${parse(idParams, req.params).id}`,
    limits: { files: 5, fields: 5 },
  });

  // Membership is checked before any attachment is read or stored.
  const mayTalk: RequestHandler = async (req, _res, next) => {
    await authorizeTaskConversation(services.db, currentActor(req), parse(idParams, req.params).id);
    next();
  };

  router.post("/tasks/:id/messages", mayTalk, upload.array("files", 5), async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { content } = parse(taskMessageBody, req.body);
    const message = await postTaskMessage(services, currentActor(req), id, { content, files: takeUploads(req) });
    res.status(201).json(presentTaskMessage(message));
  });

  return router;
}
