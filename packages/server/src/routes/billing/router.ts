import { Router, type Response } from "express";
import { billingDetailsBody, billingDocumentsQuery, statementQuery } from "@forgehire/core";
import {
  freelancerStatementFile,
  getBillingDetails,
  getPaymentReceipt,
  getRefundCreditNote,
  listClientDocuments,
  updateBillingDetails,
  type DocumentFile,
  type Services,
} from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

/** Sends a PDF or CSV as a download: one person's money, never kept by a shared cache. */
function sendFile(res: Response, file: { body: Buffer; contentType: string; fileName: string }) {
  res.status(200).type(file.contentType).attachment(file.fileName).set("Cache-Control", "private, no-store").send(file.body);
}

const pdfOf = (file: DocumentFile) => ({ body: file.pdf, contentType: "application/pdf", fileName: file.fileName });

/**
 * Receipts, credit notes, billing details and freelancers' statements (API.md "Receipts, reviews and notifications").
 * Every answer comes from a use case that checks its own actor: the payer (the job's client) and admins for a
 * document, the freelancer alone for a statement.
 */
export function billingRouter(services: Services): Router {
  const router = Router();
  router.use(["/payments/:id/receipt", "/refunds", "/billing", "/profile/billing", "/earnings/statement"], requireUser);

  router.get("/payments/:id/receipt", async (req, res) => {
    sendFile(res, pdfOf(await getPaymentReceipt(services, currentActor(req), String(req.params.id))));
  });

  router.get("/refunds/:id/credit-note", async (req, res) => {
    sendFile(res, pdfOf(await getRefundCreditNote(services, currentActor(req), String(req.params.id))));
  });

  router.get("/billing/documents", async (req, res) => {
    const query = parse(billingDocumentsQuery, req.query);
    // The contract's list is an array, paginated as the directory's and the rooms' are: the total in X-Total-Count.
    const { items, total } = await listClientDocuments(services, currentActor(req), query);
    res.set({ "X-Total-Count": String(total), "Cache-Control": "private, no-store" }).json(items);
  });

  router.get("/profile/billing", async (req, res) => {
    res.set("Cache-Control", "private, no-store").json(await getBillingDetails(services, currentActor(req)));
  });

  router.put("/profile/billing", async (req, res) => {
    const body = parse(billingDetailsBody, req.body);
    res.json(await updateBillingDetails(services, currentActor(req), body));
  });

  router.get("/earnings/statement", async (req, res) => {
    const query = parse(statementQuery, req.query);
    sendFile(res, await freelancerStatementFile(services, currentActor(req), query));
  });

  return router;
}
