import { Router } from "express";
import { z } from "zod";
import { domainError, fieldErrorsOf, inputString, jobId, paymentAttemptStatuses, uuidId } from "@forgehire/core";
import { listPaymentsForAdmin, paymentSortColumns, type PaymentSortField, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { presentAdminPayment } from "../payments/present-payment.js";
import { parseListParams, sendList } from "./list-params.js";

const paymentFilter = z.object({
  jobId: jobId.optional(),
  status: z.enum(paymentAttemptStatuses).optional(),
  provider: z.enum(["stripe", "test"]).optional(),
  /** true: only charges still to be given back (status needs_refund) */
  needsRefund: z.boolean().optional(),
  id: z.union([inputString(), z.array(inputString())]).optional(),
});

const uuid = uuidId();

/** The back office's `payments` resource (read only: payments change through the provider's events alone). */
export function adminPaymentsRouter(services: Services): Router {
  const router = Router();

  router.get("/payments", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(paymentSortColumns) as PaymentSortField[], "createdAt");
    const filter = paymentFilter.safeParse(params.filter);
    if (!filter.success) throw domainError("VALIDATION", { message: "Invalid filter.", fields: fieldErrorsOf(filter.error) });
    const { id, ...rest } = filter.data;
    const ids = id === undefined ? undefined : [id].flat().filter((one) => uuid.safeParse(one).success);
    const { rows, total } = await listPaymentsForAdmin(services, currentActor(req), { ...params, ...rest, ids });
    sendList(res, "payments", params, rows.map(presentAdminPayment), total);
  });

  return router;
}
