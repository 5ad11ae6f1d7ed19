import { Router } from "express";
import { bulkActions, domainError, jobIdParams, ledgerAccountName, type AdminPaymentPage, type BulkResource, type OperationDecision } from "@forgehire/core";
import {
  getPaymentDetailsForAdmin,
  refundPaymentByAdmin,
  restoreJobByAdmin,
  runBulkAction,
  type AdminPaymentDetails,
  type Services,
} from "@forgehire/services";
import { currentActor } from "../../middlewares/require-user.js";
import { presentJob } from "../../presenters/present-job.js";
import { presentAdminPayment } from "../payments/present-payment.js";

/** An operation's `can` and `why`, as a job's are sent: a boolean, and the refusal when false. */
const canOf = (decision: OperationDecision) => (decision.allowed ? { can: true, why: null } : { can: false, why: decision.refusal });

/** A payment's page: the attempt, its job, provider events and ledger, and whether 'Refund now' applies (and why not). */
export function presentAdminPaymentDetails(details: AdminPaymentDetails): AdminPaymentPage {
  const refund = canOf(details.refund);
  return {
    ...presentAdminPayment(details.payment),
    job: details.job,
    events: details.events.map((event) => ({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString() })),
    ledger: details.ledger.map((transaction) => ({
      id: transaction.id,
      kind: transaction.kind,
      createdAt: transaction.createdAt.toISOString(),
      entries: transaction.entries.map((entry) => ({ account: ledgerAccountName(entry.account), amountCents: entry.amountCents })),
    })),
    can: { refund: refund.can },
    why: refund.why ? { refund: refund.why } : {},
  };
}

/** A job id of the path; anything else is a record that does not exist. */
function jobIdOf(raw: string): number {
  const params = jobIdParams.safeParse({ id: raw });
  if (!params.success) throw domainError("RECORD_NOT_FOUND");
  return params.data.id;
}

/**
 * The back office's operations beyond ra-data-simple-rest's CRUD: each list's bulk actions (one use case per record,
 * the answer per record), restoring a deleted job, and refunding a charge from its payment page.
 */
export function adminOperationsRouter(services: Services): Router {
  const router = Router();

  for (const resource of Object.keys(bulkActions) as BulkResource[]) {
    router.post(`/${resource}/bulk`, async (req, res) => {
      res.json(await runBulkAction(services, currentActor(req), resource, req.body));
    });
  }

  router.post("/jobs/:id/restore", async (req, res) => {
    const actor = currentActor(req);
    res.json({ job: presentJob(await restoreJobByAdmin(services, actor, jobIdOf(req.params.id)), actor) });
  });

  router.get("/payments/:id", async (req, res) => {
    res.json(presentAdminPaymentDetails(await getPaymentDetailsForAdmin(services, currentActor(req), req.params.id)));
  });

  router.post("/payments/:id/refund", async (req, res) => {
    const actor = currentActor(req);
    await refundPaymentByAdmin(services, actor, req.params.id);
    res.json(presentAdminPaymentDetails(await getPaymentDetailsForAdmin(services, actor, req.params.id)));
  });

  return router;
}
