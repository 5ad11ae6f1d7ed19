import { Router } from "express";
import { z } from "zod";
import { domainError, paymentAttemptStatuses } from "@forgehire/core";
import { paymentSortColumns, paymentsRepository, type PaymentSortField, type Services } from "@forgehire/services";
import { presentAdminPayment } from "../payments/present-payment.js";
import { parseListParams, sendList } from "./list-params.js";

const paymentFilter = z.object({
  jobId: z.coerce.number().int().positive().optional(),
  status: z.enum(paymentAttemptStatuses).optional(),
  provider: z.enum(["stripe", "test"]).optional(),
  /** true: only charges still to be given back (status needs_refund) */
  needsRefund: z.boolean().optional(),
  id: z.union([z.string(), z.array(z.string())]).optional(),
});

const uuid = z.string().uuid();

/** The back office's `payments` resource (read only: payments change through the provider's events alone). */
export function adminPaymentsRouter(services: Services): Router {
  const router = Router();

  router.get("/payments", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(paymentSortColumns) as PaymentSortField[], "createdAt");
    const filter = paymentFilter.safeParse(params.filter);
    if (!filter.success) throw domainError("VALIDATION", { message: "Invalid filter." });
    const ids = filter.data.id === undefined ? undefined : [filter.data.id].flat().filter((id) => uuid.safeParse(id).success);
    const { needsRefund, ...rest } = filter.data;
    const status = needsRefund ? "needs_refund" : rest.status;
    if (needsRefund && rest.status !== undefined && rest.status !== "needs_refund") return sendList(res, "payments", params, [], 0);
    const { rows, total } = await paymentsRepository.list(services.db, { ...params, ...rest, status, ids });
    sendList(res, "payments", params, rows.map(presentAdminPayment), total);
  });

  router.get("/payments/:id", async (req, res) => {
    const payment = uuid.safeParse(req.params.id).success ? await paymentsRepository.findById(services.db, req.params.id) : undefined;
    if (!payment) throw domainError("RECORD_NOT_FOUND");
    res.json(presentAdminPayment(payment));
  });

  return router;
}
