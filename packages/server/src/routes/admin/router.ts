import { Router } from "express";
import { z } from "zod";
import { adminUserUpdateBody, domainError } from "@forgehire/core";
import {
  getAdminAttention,
  getAdminCharts,
  getAdminStats,
  getUserForAdmin,
  listUsers,
  sendPasswordResetByAdmin,
  updateUserByAdmin,
  userSortColumns,
  type Services,
  type UserSortField,
} from "@forgehire/services";
import { currentActor, requireAdmin, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { adminAuditLogRouter } from "./audit-log.js";
import { adminBacklogRouter } from "./backlog.js";
import { adminChatRouter } from "./chat.js";
import { adminDisputesRouter } from "./disputes.js";
import { adminReviewsRouter } from "./reviews.js";
import { adminPayoutsRouter } from "./payouts.js";
import { adminEmailsRouter } from "./emails.js";
import { adminFreelancersRouter } from "./freelancers.js";
import { adminJobsRouter } from "./jobs.js";
import { ids, parseFilter, pathId, q, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";
import { exportCsv } from "./export-csv.js";
import { adminPaymentsRouter } from "./payments.js";
import { adminOperationsRouter } from "./operations.js";
import { adminMoneyRouter } from "./money.js";
import { adminDocumentsRouter } from "./documents.js";
import { presentAdminUser } from "./present-admin.js";

const userFilter = z.object({
  q,
  id: ids(uuid),
  userType: z.enum(["client", "freelancer", "admin"]).optional(),
  disabled: z.boolean().optional(),
});

/** How the back office's router is built. */
export interface AdminRouterOptions {
  /**
   * false drops the router's admin guard, so a test can prove that every use case refuses a non-admin by itself.
   * Only code sets it (createApp's test option); no configuration or environment variable reaches it.
   */
  guard?: boolean;
}

/**
 * /api/admin: the back office's resources, in ra-data-simple-rest's dialect; admins only. The guard answers first,
 * and each use case checks its actor again with core's back-office policy.
 */
export function adminRouter(services: Services, options: AdminRouterOptions = {}): Router {
  const router = Router();
  // A signed-out request is still refused before any route: the use cases need an actor to check.
  router.use(options.guard === false ? requireUser : requireAdmin);

  // Before every resource's `/:id` route, which would take `export.csv` for an id.
  router.get("/:resource/export.csv", exportCsv(router));

  router.get("/stats", async (req, res) => {
    res.json(await getAdminStats(services, currentActor(req)));
  });

  router.get("/stats/charts", async (req, res) => {
    res.json(await getAdminCharts(services, currentActor(req)));
  });

  router.get("/stats/attention", async (req, res) => {
    res.json(await getAdminAttention(services, currentActor(req)));
  });

  router.get("/users", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(userSortColumns) as UserSortField[], "createdAt");
    const filter = parseFilter(userFilter, params.filter);
    const { rows, total } = await listUsers(services, currentActor(req), {
      ...params,
      q: filter.q || undefined,
      ids: filter.id,
      userType: filter.userType,
      disabled: filter.disabled,
    });
    sendList(res, "users", params, rows.map(presentAdminUser), total);
  });

  router.get("/users/:id", async (req, res) => {
    res.json(presentAdminUser(await getUserForAdmin(services, currentActor(req), pathId(uuid, req.params.id))));
  });

  // react-admin PUTs the whole record; only names, type and the disabled flag are read from it.
  router.put("/users/:id", async (req, res) => {
    const id = pathId(uuid, req.params.id);
    const input = parse(adminUserUpdateBody, req.body);
    const actor = currentActor(req);
    const user = await updateUserByAdmin(services, actor, id, input);
    res.json(presentAdminUser(user));
  });

  router.post("/users/:id/send-reset", async (req, res) => {
    await sendPasswordResetByAdmin(services, currentActor(req), pathId(uuid, req.params.id));
    res.status(202).json({ ok: true });
  });

  // Before the resources' routers: its routes (bulk, restore, a payment's page) are more specific than theirs.
  router.use(adminOperationsRouter(services));
  router.use(adminJobsRouter(services));
  router.use(adminBacklogRouter(services));
  router.use(adminChatRouter(services));
  router.use(adminEmailsRouter(services));
  router.use(adminFreelancersRouter(services));
  router.use(adminPaymentsRouter(services));
  router.use(adminDisputesRouter(services));
  router.use(adminReviewsRouter(services));
  router.use(adminPayoutsRouter(services));
  router.use(adminMoneyRouter(services));
  router.use(adminDocumentsRouter(services));
  router.use(adminAuditLogRouter(services));

  router.all("/{*rest}", () => {
    throw domainError("UNKNOWN_RESOURCE");
  });

  return router;
}
