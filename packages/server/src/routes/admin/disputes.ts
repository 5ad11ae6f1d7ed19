import { Router } from "express";
import { z } from "zod";
import { disputeStatuses, resolveDisputeBody } from "@forgehire/core";
import {
  adminDisputeSortColumns,
  getDisputeDetailsForAdmin,
  listDisputesForAdmin,
  resolveDispute,
  type AdminDisputeSortField,
  type Services,
} from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentDispute } from "../../presenters/present-dispute.js";
import { ids, jobIdFilter, parseFilter, pathId, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";
import { presentAdminDispute, presentAdminDisputeDetails } from "./present-money.js";

const disputeFilter = z.object({
  id: ids(uuid),
  status: z.enum(disputeStatuses).optional(),
  jobId: jobIdFilter,
});

/** The back office's `disputes`: every dispute, and `POST /:id/resolve` splitting what is held (API.md). */
export function adminDisputesRouter(services: Services): Router {
  const router = Router();

  router.get("/disputes", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminDisputeSortColumns) as AdminDisputeSortField[], "openedAt");
    const filter = parseFilter(disputeFilter, params.filter);
    const { rows, total } = await listDisputesForAdmin(services, currentActor(req), { ids: filter.id, status: filter.status, jobId: filter.jobId }, params);
    sendList(res, "disputes", params, rows.map(presentAdminDispute), total);
  });

  router.get("/disputes/:id", async (req, res) => {
    res.json(presentAdminDisputeDetails(await getDisputeDetailsForAdmin(services, currentActor(req), pathId(uuid, req.params.id))));
  });

  router.post("/disputes/:id/resolve", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const input = parse(resolveDisputeBody, req.body ?? {});
    const { dispute } = await resolveDispute(services, currentActor(req), id, input);
    res.json({ dispute: presentDispute(dispute) });
  });

  return router;
}
