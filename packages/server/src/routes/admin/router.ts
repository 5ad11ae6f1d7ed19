import { Router } from "express";
import { z } from "zod";
import { domainError, fieldErrorsOf, inputString, uuidId } from "@forgehire/core";
import { listUsers, userSortColumns, usersRepository, type Services, type UserSortField } from "@forgehire/services";
import { requireAdmin } from "../../middlewares/require-user.js";
import { presentUser } from "../../presenters/present-user.js";
import { parseListParams, sendList } from "./list-params.js";
import { adminJobsRouter } from "./jobs.js";
import { adminPaymentsRouter } from "./payments.js";

const userFilter = z.object({
  q: inputString().trim().max(200).optional(),
  id: z.union([inputString(), z.array(inputString())]).optional(),
  userType: z.enum(["client", "freelancer", "admin"]).optional(),
});

const uuid = uuidId();

/** /api/admin: the back office's resources, in ra-data-simple-rest's dialect; admins only. */
export function adminRouter(services: Services): Router {
  const router = Router();
  router.use(requireAdmin);

  router.get("/users", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(userSortColumns) as UserSortField[], "createdAt");
    const filter = userFilter.safeParse(params.filter);
    if (!filter.success) throw domainError("VALIDATION", { message: "Invalid filter.", fields: fieldErrorsOf(filter.error) });
    const ids = filter.data.id === undefined ? undefined : [filter.data.id].flat().filter((id) => uuid.safeParse(id).success);
    const { rows, total } = await listUsers(services, { ...params, q: filter.data.q, ids, userType: filter.data.userType });
    sendList(res, "users", params, rows.map(presentAdminUser), total);
  });

  router.get("/users/:id", async (req, res) => {
    const user = uuid.safeParse(req.params.id).success ? await usersRepository.findById(services.db, req.params.id) : undefined;
    if (!user) throw domainError("RECORD_NOT_FOUND");
    res.json(presentAdminUser(user));
  });

  router.use(adminJobsRouter(services));
  router.use(adminPaymentsRouter(services));

  return router;
}

function presentAdminUser(user: Parameters<typeof presentUser>[0]) {
  return { ...presentUser(user), createdAt: user.createdAt.toISOString(), updatedAt: user.updatedAt.toISOString() };
}
