import express, { Router } from "express";
import { idParams, jobIdParams, testConfirmBody } from "@forgehire/core";
import {
  applyConnectEvent,
  applyPaymentEvent,
  confirmTestPayment,
  createChangeRequestPaymentIntent,
  createPaymentIntent,
  declineChangeRequest,
  listJobPayments,
  loadLiveJob,
  reconcileJobPayments,
  type Services,
} from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentJob } from "../../presenters/present-job.js";
import { presentChangeRequest } from "../../presenters/present-story.js";
import { presentPayment } from "./present-payment.js";

/** The path Stripe posts its events to (README "Payments"). */
export const stripeWebhookPath = "/api/payments/stripe/webhook";

/** Payment intents, the test provider's confirmation, a job's payments and their reconciliation (API.md "Payments"). */
export function paymentsRouter(services: Services): Router {
  const router = Router();
  router.use(["/jobs/:id/payment-intent", "/jobs/:id/payments", "/payments/test", "/change-requests"], requireUser);

  router.post("/jobs/:id/payment-intent", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    res.json(await createPaymentIntent(services, currentActor(req), id));
  });

  // A change request's quote on a paid job is paid like the job (API.md "Delivery, held funds and payouts").
  router.post("/change-requests/:id/payment-intent", async (req, res) => {
    const { id } = parse(idParams, req.params);
    res.json(await createChangeRequestPaymentIntent(services, currentActor(req), id));
  });

  router.post("/change-requests/:id/decline", async (req, res) => {
    const { id } = parse(idParams, req.params);
    const actor = currentActor(req);
    const request = await declineChangeRequest(services, actor, id);
    res.json({ changeRequest: presentChangeRequest(request, { actor, job: await loadLiveJob(services.db, request.jobId) }) });
  });

  router.get("/jobs/:id/payments", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    res.json((await listJobPayments(services, currentActor(req), id)).map(presentPayment));
  });

  // The payment page calls this when the client returns, so a lost webhook cannot leave the job unpaid.
  router.post("/jobs/:id/payments/reconcile", async (req, res) => {
    const { id } = parse(jobIdParams, req.params);
    const actor = currentActor(req);
    const report = await reconcileJobPayments(services, actor, id);
    res.json({ checked: report.checked, updated: report.updated.length, job: presentJob(await loadLiveJob(services.db, id), actor) });
  });

  router.post("/payments/test/confirm", async (req, res) => {
    const input = parse(testConfirmBody, req.body);
    const actor = currentActor(req);
    const result = await confirmTestPayment(services, actor, input);
    const job = await loadLiveJob(services.db, result.jobId);
    res.json({
      status: result.status,
      job: presentJob(job, actor),
      ...(result.changeRequest ? { changeRequest: presentChangeRequest(result.changeRequest, { actor, job }) } : {}),
    });
  });

  return router;
}

/**
 * Stripe's webhook: mounted before the session and the JSON parser, because the signature is over the exact raw
 * bytes. A bad or old signature is 400 and changes nothing; a verified event takes the one event path.
 */
export function stripeWebhookRouter(services: Services): Router {
  const router = Router();
  router.post(stripeWebhookPath, express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = services.payments.parseWebhook(body, req.get("stripe-signature"));
    // Connect events (a freelancer's account, a transfer) take the payouts' path; every other event the payments'.
    const applied = event.connect ? await applyConnectEvent(services, event) : await applyPaymentEvent(services, event);
    res.json({ received: true, duplicate: applied.duplicate });
  });
  return router;
}
