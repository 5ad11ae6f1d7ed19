import { Router } from "express";
import { z } from "zod";
import { billingDocumentKinds, type AdminDocument } from "@forgehire/core";
import { getDocumentForAdmin, listDocumentsForAdmin, presentDocumentItem, type BillingDocumentRecord, type Services } from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { ids, jobIdFilter, parseFilter, pathId, q, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";

const documentFilter = z.object({ id: ids(uuid), q, kind: z.enum(billingDocumentKinds).optional(), jobId: jobIdFilter, clientId: uuid.optional() });
const sortable = ["issuedAt", "number", "amountCents"] as const;

function presentAdminDocument(document: BillingDocumentRecord): AdminDocument {
  return {
    ...presentDocumentItem(document),
    currency: document.currency,
    clientId: document.clientId,
    buyerName: document.content.buyer.billingName ?? document.content.buyer.name,
    buyerEmail: document.content.buyer.email,
    paymentId: document.paymentId,
    refundId: document.refundId,
    creditsReceipt: document.content.credit?.receiptNumber ?? null,
    lines: document.content.lines,
  };
}

/**
 * The back office's `documents`: every receipt and credit note, read only (a document never changes once issued; a
 * correction is a new credit note). Each row's `url` downloads its PDF through the same route as the client's.
 */
export function adminDocumentsRouter(services: Services): Router {
  const router = Router();

  router.get("/documents", async (req, res) => {
    const params = parseListParams(req.query, sortable, "issuedAt");
    const filter = parseFilter(documentFilter, params.filter);
    const { rows, total } = await listDocumentsForAdmin(
      services,
      currentActor(req),
      { ids: filter.id, q: filter.q || undefined, kind: filter.kind, jobId: filter.jobId, clientId: filter.clientId },
      params,
    );
    sendList(res, "documents", params, rows.map(presentAdminDocument), total);
  });

  router.get("/documents/:id", async (req, res) => {
    res.json(presentAdminDocument(await getDocumentForAdmin(services, currentActor(req), pathId(uuid, req.params.id))));
  });

  return router;
}
