import { Router } from "express";
import { z } from "zod";
import { payoutStatuses } from "@forgehire/core";
import { adminPayoutSortColumns, getPayoutForAdmin, listPayoutsForAdmin, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { ids, jobIdFilter, parseFilter, pathId, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";

const payoutFilter = z.object({
  id: ids(uuid),
  status: z.enum(payoutStatuses).optional(),
  jobId: jobIdFilter,
  freelancerId: uuid.optional(),
});

/** The back office's `payouts` (read-only): every transfer to a freelancer, with its status and failure reason (API.md). */
export function adminPayoutsRouter(services: Services): Router {
  const router = Router();

  router.get("/payouts", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminPayoutSortColumns), "createdAt");
    const filter = parseFilter(payoutFilter, params.filter);
    const { rows, total } = await listPayoutsForAdmin(
      services,
      currentActor(req),
      { ids: filter.id, status: filter.status, jobId: filter.jobId, freelancerId: filter.freelancerId },
      params,
    );
    sendList(res, "payouts", params, rows, total);
  });

  router.get("/payouts/:id", async (req, res) => {
    res.json(await getPayoutForAdmin(services, currentActor(req), pathId(uuid, req.params.id)));
  });

  return router;
}
