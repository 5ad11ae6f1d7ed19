import { Router } from "express";
import { z } from "zod";
import {
  adminEmailSortColumns,
  awaitDeliveryAttempt,
  getEmailForAdmin,
  listEmailsForAdmin,
  resendEmail,
  sendAdminEmail,
  type AdminEmailSortField,
  type EmailRecord,
  type Services,
} from "@forgehire/services";
import { describeEmailDelivery, domainError, emailStatuses, inputString } from "@forgehire/core";
import { currentActor } from "../../middlewares/require-user.js";
import { ids, jobIdFilter, parseFilter, pathId, q, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";
import { presentAdminEmail } from "./present-admin.js";

/**
 * The dialog's 'Failed to send email' when the first attempt failed: given up (resendable), or to be retried (with
 * the attempt's number). A message not attempted yet is no failure: it is answered as queued.
 */
function assertNotFailed(email: EmailRecord, maxAttempts: number): void {
  if (email.status === "failed" || (email.status === "queued" && email.error)) {
    throw domainError("EMAIL_SEND_FAILED", { message: `Failed to send email: ${describeEmailDelivery(email, maxAttempts)}.` });
  }
}

const emailFilter = z.object({
  q,
  id: ids(uuid),
  status: z.enum(emailStatuses).optional(),
  kind: inputString().trim().min(1).max(100).optional(),
  jobId: jobIdFilter,
});

/**
 * The back office's `emails`: the outbox with each message's delivery status; `POST` writes to a job's poster
 * (the 'Send Email' dialog) and `POST /:id/resend` sends a failed message again.
 */
export function adminEmailsRouter(services: Services): Router {
  const router = Router();

  router.get("/emails", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminEmailSortColumns) as AdminEmailSortField[], "createdAt");
    const filter = parseFilter(emailFilter, params.filter);
    const { rows, total } = await listEmailsForAdmin(services, currentActor(req), { ...filter, ids: filter.id }, params);
    sendList(res, "emails", params, rows.map(presentAdminEmail), total);
  });

  router.get("/emails/:id", async (req, res) => {
    res.json(presentAdminEmail(await getEmailForAdmin(services, currentActor(req), pathId(uuid, req.params.id))));
  });

  router.post("/emails", async (req, res) => {
    const queued = await sendAdminEmail(services, currentActor(req), (req.body ?? {}) as Record<string, unknown>);
    // The message is in the outbox either way; a failed first attempt is still the dialog's 'Failed to send email'.
    const email = await awaitDeliveryAttempt(services, queued);
    assertNotFailed(email, services.config.emailRetry.attempts);
    // react-admin's create reads the record; the dialog reads {id, to, subject, status}.
    res.status(201).json(presentAdminEmail(email));
  });

  router.post("/emails/:id/resend", async (req, res) => {
    const email = await awaitDeliveryAttempt(services, await resendEmail(services, currentActor(req), req.params.id));
    assertNotFailed(email, services.config.emailRetry.attempts);
    res.json(presentAdminEmail(email));
  });

  return router;
}
