import { Router } from "express";
import { idParams, jobIdParams, openDisputeBody, requestChangesBody, submitStoryBody } from "@forgehire/core";
import { approveStory, openDispute, requestStoryChanges, submitStory, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentDispute } from "../../presenters/present-dispute.js";
import { presentStory } from "../../presenters/present-story.js";

/** A story's delivery: submit, approve, request changes, dispute (API.md "Delivery, held funds and payouts"; docs/lifecycle.md). */
export function deliveryRouter(services: Services): Router {
  const router = Router();
  router.use("/stories", requireUser);

  router.post("/stories/:id/submit", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const input = parse(submitStoryBody, req.body ?? {});
    res.json({ story: presentStory(await submitStory(services, currentActor(req), id, input)) });
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

  router.post("/jobs/:id/disputes", requireUser, async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const input = parse(openDisputeBody, req.body ?? {});
    res.status(201).json({ dispute: presentDispute(await openDispute(services, currentActor(req), id, input)) });
  });

  return router;
}
