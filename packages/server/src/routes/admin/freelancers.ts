import { Router } from "express";
import { z } from "zod";
import { domainError, type AdminFreelancer } from "@forgehire/core";
import { adminFreelancerSortFields, listFreelancersForAdmin, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { presentFreelancer } from "../../presenters/present-freelancer.js";
import { ids, parseFilter, pathId, q, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";

const freelancerFilter = z.object({ q, id: ids(uuid) });

const presentAdminFreelancer = (freelancer: Parameters<typeof presentFreelancer>[0]) =>
  ({
    ...presentFreelancer(freelancer),
    email: freelancer.email,
    createdAt: freelancer.createdAt.toISOString(),
    updatedAt: freelancer.updatedAt.toISOString(),
  }) satisfies AdminFreelancer;

/** The back office's `freelancers` (read only: a profile is its owner's to change). */
export function adminFreelancersRouter(services: Services): Router {
  const router = Router();

  router.get("/freelancers", async (req, res) => {
    const params = parseListParams(req.query, adminFreelancerSortFields, "createdAt");
    const filter = parseFilter(freelancerFilter, params.filter);
    const { rows, total } = await listFreelancersForAdmin(services, currentActor(req), { q: filter.q || undefined, ids: filter.id }, params);
    sendList(res, "freelancers", params, rows.map(presentAdminFreelancer), total);
  });

  router.get("/freelancers/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const { rows } = await listFreelancersForAdmin(services, currentActor(req), { ids: [id] }, { sort: "createdAt", order: "asc", offset: 0, limit: 1 });
    if (!rows[0]) throw domainError("RECORD_NOT_FOUND");
    res.json(presentAdminFreelancer(rows[0]));
  });

  return router;
}
