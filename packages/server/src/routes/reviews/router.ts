import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { domainError, jobIdParams, readReviewBody, reviewReplyBody } from "@forgehire/core";
import { editReview, getJobReviews, replyToReview, writeReview, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentJobReview, presentJobReviews } from "../../presenters/present-review.js";

/** A review's id in a path: anything that is not one names no review. */
function reviewId(raw: unknown): string {
  const parsed = z.guid().safeParse(raw);
  if (!parsed.success) throw domainError("REVIEW_NOT_FOUND");
  return parsed.data;
}

/**
 * Reviews of a completed job (API.md "Receipts, reviews and notifications"): write, read the job's Review card, edit
 * (PATCH, or PUT with the same body), reply. Each use case checks its actor with core's review rules.
 */
export function reviewsRouter(services: Services): Router {
  const router = Router();
  router.use("/reviews", requireUser);

  router.get("/jobs/:id/reviews", requireUser, async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    res.json(presentJobReviews(await getJobReviews(services, currentActor(req), id)));
  });

  router.post("/jobs/:id/reviews", requireUser, async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const input = readReviewBody(req.body);
    const review = await writeReview(services, currentActor(req), id, { rating: input.rating!, text: input.text! });
    res.status(201).json({ review: presentJobReview(review, services.now()) });
  });

  const edit: RequestHandler = async (req, res) => {
    const id = reviewId(req.params.id);
    const input = readReviewBody(req.body, { partial: true });
    res.json({ review: presentJobReview(await editReview(services, currentActor(req), id, input), services.now()) });
  };
  router.patch("/reviews/:id", edit);
  router.put("/reviews/:id", edit);

  router.post("/reviews/:id/reply", async (req, res) => {
    const id = reviewId(req.params.id);
    const input = parse(reviewReplyBody, req.body ?? {});
    res.json({ review: presentJobReview(await replyToReview(services, currentActor(req), id, input.text), services.now()) });
  });

  return router;
}
