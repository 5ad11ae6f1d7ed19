import { Router } from "express";
import { z } from "zod";
import { deliveryStatuses, ledgerTransactionKinds } from "@forgehire/core";
import {
  adminDeliverySortColumns,
  adminLedgerSortColumns,
  getDeliveryForAdmin,
  getLedgerTransactionForAdmin,
  listDeliveriesForAdmin,
  listLedgerTransactionsForAdmin,
  type AdminDeliverySortField,
  type AdminLedgerSortField,
  type Services,
} from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { ids, integerId, jobIdFilter, parseFilter, pathId, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";
import { presentAdminDelivery, presentAdminDeliveryDetails, presentAdminLedgerTransaction } from "./present-money.js";

const deliveryFilter = z.object({
  id: ids(uuid),
  status: z.enum(deliveryStatuses).optional(),
  jobId: jobIdFilter,
  /** true: only those whose review time is past (the dashboard's overdue reviews) */
  overdue: z.boolean().optional(),
});
const ledgerFilter = z.object({ id: ids(integerId), jobId: jobIdFilter, kind: z.enum(ledgerTransactionKinds).optional() });

/**
 * The back office's `deliveries` (stories' deliveries; approving one is the portal's `POST /api/stories/:id/approve`,
 * under the same lifecycle) and `ledger-transactions` (read only: the ledger is append-only, written by the money
 * movements alone).
 */
export function adminMoneyRouter(services: Services): Router {
  const router = Router();

  router.get("/deliveries", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminDeliverySortColumns) as AdminDeliverySortField[], "reviewDueAt");
    const filter = parseFilter(deliveryFilter, params.filter);
    const { rows, total } = await listDeliveriesForAdmin(
      services,
      currentActor(req),
      { ids: filter.id, status: filter.status, jobId: filter.jobId, overdue: filter.overdue },
      params,
    );
    sendList(res, "deliveries", params, rows.map(presentAdminDelivery), total);
  });

  router.get("/deliveries/:id", async (req, res) => {
    res.json(presentAdminDeliveryDetails(await getDeliveryForAdmin(services, currentActor(req), pathId(uuid, req.params.id))));
  });

  router.get("/ledger-transactions", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminLedgerSortColumns) as AdminLedgerSortField[], "id");
    const filter = parseFilter(ledgerFilter, params.filter);
    const { rows, total } = await listLedgerTransactionsForAdmin(
      services,
      currentActor(req),
      { ids: filter.id?.map(Number), jobId: filter.jobId, kind: filter.kind },
      params,
    );
    sendList(res, "ledger-transactions", params, rows.map(presentAdminLedgerTransaction), total);
  });

  router.get("/ledger-transactions/:id", async (req, res) => {
    const id = Number(pathId(integerId, req.params.id));
    res.json(presentAdminLedgerTransaction(await getLedgerTransactionForAdmin(services, currentActor(req), id)));
  });

  return router;
}
