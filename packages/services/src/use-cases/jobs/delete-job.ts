import { authorize, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { cancelIntentsAtProvider, cancelOpenAttempts } from "../payments/cancel-open-attempts.js";
import { paymentTransaction } from "../payments/lock-order.js";
import { loadLiveJob } from "./job-details.js";
import { JOB_AUDIT_FIELDS, recordAudit } from "../admin/audit.js";

/** The reason stored on attempts closed because their job was deleted. */
const JOB_DELETED_REASON = "The job was deleted; this payment was canceled.";

/**
 * Deletes a job the spec's way: status inactive (a soft delete; the row, its payments and history stay). Its open
 * payment attempts are canceled, here and at the provider, so nobody can pay for a job that is gone (a success that
 * still arrives is flagged for refund).
 * @param deps database, clock, payment provider, logger
 * @param actor the owner or an admin
 * @param jobId the job
 * @throws JOB_NOT_FOUND; DELETE_JOB_DENIED; PAYMENT_PROCESSING while a payment is in flight; JOB_PAID when paid or
 *   started
 */
export async function deleteJob(deps: Pick<ServiceDeps, "db" | "now" | "payments" | "logger">, actor: Actor, jobId: number): Promise<void> {
  // Lock order (payments/lock-order.ts): the job, then its payments.
  const canceled = await paymentTransaction(deps, async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "delete", job);
    await jobsRepository.markInactive(trx, jobId, deps.now());
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "deleted" });
    const after = await jobsRepository.findById(trx, jobId);
    await recordAudit(trx, { actor, action: "jobs.delete", recordId: jobId, before: job, after: after ?? null, fields: JOB_AUDIT_FIELDS, at: deps.now() });
    return cancelOpenAttempts(trx, jobId, JOB_DELETED_REASON, deps.now());
  });
  await cancelIntentsAtProvider(deps, canceled);
}
