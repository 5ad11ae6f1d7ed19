import { Router } from "express";
import { z } from "zod";
import { hideReviewBody, reviewRoles } from "@forgehire/core";
import { adminReviewSortColumns, getReviewForAdmin, hideReview, listReviewsForAdmin, type AdminReviewSortField, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentAdminReview } from "../../presenters/present-review.js";
import { ids, jobIdFilter, parseFilter, pathId, q, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";

// react-admin's boolean and select inputs send booleans or their text.
const flag = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === true || value === "true"));

const reviewFilter = z.object({
  id: ids(uuid),
  q,
  jobId: jobIdFilter,
  role: z.enum(reviewRoles).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  hidden: flag,
  published: flag,
  authorId: uuid.optional(),
  subjectId: uuid.optional(),
});

/** The back office's `reviews`: every review (hidden ones with their reason), and `POST /:id/hide` with a reason. */
export function adminReviewsRouter(services: Services): Router {
  const router = Router();

  router.get("/reviews", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminReviewSortColumns) as AdminReviewSortField[], "createdAt");
    const filter = parseFilter(reviewFilter, params.filter);
    const { rows, total } = await listReviewsForAdmin(services, currentActor(req), { ...filter, ids: filter.id, q: filter.q || undefined }, params);
    const now = services.now();
    sendList(
      res,
      "reviews",
      params,
      rows.map((row) => presentAdminReview(row, now)),
      total,
    );
  });

  router.get("/reviews/:id", async (req, res) => {
    res.json(presentAdminReview(await getReviewForAdmin(services, currentActor(req), pathId(uuid, req.params.id)), services.now()));
  });

  router.post("/reviews/:id/hide", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const input = parse(hideReviewBody, req.body ?? {});
    res.json(presentAdminReview(await hideReview(services, currentActor(req), id, input.reason), services.now()));
  });

  return router;
}
