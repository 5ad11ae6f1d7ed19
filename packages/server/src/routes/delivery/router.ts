import { Router, type RequestHandler } from "express";
import { idParams, jobIdParams, MAX_DELIVERY_FILES, openDisputeBody, requestChangesBody, submitStoryBody } from "@forgehire/core";
import { approveStory, authorizeStorySubmission, listJobDisputes, openDispute, requestStoryChanges, submitStory, type Services } from "@forgehire/services";
import { multipart, takeUploads } from "../../middlewares/multipart.js";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentDispute } from "../../presenters/present-dispute.js";
import { presentStory } from "../../presenters/present-story.js";

/** A story's delivery: submit, approve, request changes, dispute (API.md "Delivery, held funds and payouts"; docs/lifecycle.md). */
export function deliveryRouter(services: Services): Router {
  const router = Router();
  router.use("/stories", requireUser);

  // A submission's files stream to storage as they arrive, checked by content and size on the way. Fields: the note
  // and up to 10 links, each its own `links` field.
  const upload = multipart(services.storage, {
    kind: "delivery_file",
    prefix: (req) => `stories/${parse(idParams, req.params).id}`,
    limits: { files: MAX_DELIVERY_FILES, fields: 12 },
  });
  // The submission is decided before any file is read or stored, so a refused user's bytes never reach storage.
  const maySubmit: RequestHandler = async (req, _res, next) => {
    await authorizeStorySubmission(services, currentActor(req), parse(idParams, req.params).id);
    next();
  };

  router.post("/stories/:id/submit", maySubmit, upload.array("files", MAX_DELIVERY_FILES), async (req, res) => {
    const { id } = parse(idParams, req.params);
    const body = (req.body ?? {}) as Record<string, unknown>;
    // A multipart form sends one link as a string and several as repeated fields; JSON sends the array itself.
    const links = req.is("multipart/form-data") && typeof body.links === "string" ? [body.links] : body.links;
    const input = parse(submitStoryBody, { ...body, ...(links !== undefined && { links }) });
    res.json({ story: presentStory(await submitStory(services, currentActor(req), id, { ...input, files: takeUploads(req) })) });
  });

  router.post("/stories/:id/approve", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { story, release } = await approveStory(services, currentActor(req), id);
    res.json({ story: presentStory(story), release });
  });

  router.post("/stories/:id/request-changes", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const input = parse(requestChangesBody, req.body ?? {});
    res.json({ story: presentStory(await requestStoryChanges(services, currentActor(req), id, input)) });
  });

  router.get("/jobs/:id/disputes", requireUser, async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    res.json({ items: (await listJobDisputes(services, currentActor(req), id)).map(presentDispute) });
  });

  router.post("/jobs/:id/disputes", requireUser, async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const input = parse(openDisputeBody, req.body ?? {});
    res.status(201).json({ dispute: presentDispute(await openDispute(services, currentActor(req), id, input)) });
  });

  return router;
}
