import { assertDeliveryDateNotPast, authorize, domainError, quote, type Actor, type JobUpdateBody } from "@forgehire/core";
import { isPgError, pgCodes } from "../../db/errors.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository, type JobPatch } from "../../repositories/jobs.js";
import { getJobDetails, loadLiveJob, type JobDetails } from "./job-details.js";
import { mergeRequirements } from "./requirements-input.js";
import { JOB_TITLE_UNIQUE } from "./post-job.js";
import { cancelIntentsAtProvider, cancelOpenAttempts, PRICE_CHANGED_REASON } from "../payments/cancel-open-attempts.js";
import { paymentTransaction } from "../payments/lock-order.js";
import type { PaymentRow } from "../../repositories/payments.js";
import { JOB_AUDIT_FIELDS, recordAudit } from "../admin/audit.js";

/**
 * Edits a job's fields and requirements; the owner never changes (an admin's edit keeps it), and the budget is
 * computed again from scope and extras. A change that touches the price (scope, extras, or a budget that moved)
 * cancels every open payment attempt of the job, here and at the provider (money-1), so no intent made for the old
 * price can be confirmed.
 * @param deps database, clock, payment provider, logger
 * @param actor the owner or an admin
 * @param jobId the job
 * @param input the fields to replace
 * @returns the job with its requirements
 * @throws JOB_NOT_FOUND; EDIT_JOB_DENIED; PAYMENT_PROCESSING while a payment is in flight; JOB_NOT_EDITABLE once
 *   locked, started or paid; VALIDATION for a newly chosen delivery date in the past; DUPLICATE_REQUIREMENT
 */
export async function updateJob(
  deps: Pick<ServiceDeps, "db" | "now" | "payments" | "logger">,
  actor: Actor,
  jobId: number,
  input: JobUpdateBody,
): Promise<JobDetails> {
  let canceled: PaymentRow[] = [];
  try {
    // Lock order (payments/lock-order.ts): the job, then its payments.
    canceled = await paymentTransaction(deps, async (trx) => {
      const job = await loadLiveJob(trx, jobId, { forUpdate: true });
      authorize(actor, "edit", job);
      // A date already saved may have passed since; only a newly chosen date must not be in the past.
      assertDeliveryDateNotPast(input.expectedDeliveryDate, deps.now(), job.expectedDeliveryDate);
      const current = await jobsRepository.findRequirements(trx, job);
      const requirements = mergeRequirements(input, current);
      const scope = input.scope ?? job.scope;
      const priced = quote({ scope, additionalServices: requirements.additionalServices }, deps.now());
      const patch: JobPatch = {
        title: input.title,
        description: input.description,
        industry: input.industry,
        scope: input.scope,
        budget: priced.total,
        expectedDeliveryDate:
          input.expectedDeliveryDate !== undefined ? input.expectedDeliveryDate : input.scope !== undefined ? priced.expectedDeliveryDate : undefined,
      };
      await jobsRepository.update(trx, jobId, patch, requirements, deps.now());
      await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "updated", details: { fields: Object.keys(input) } });
      const after = await jobsRepository.findById(trx, jobId);
      await recordAudit(trx, { actor, action: "jobs.update", recordId: jobId, before: job, after: after ?? null, fields: JOB_AUDIT_FIELDS, at: deps.now() });
      const touchesPrice = priced.total !== job.budget || input.scope !== undefined || input.additionalServices !== undefined;
      return touchesPrice ? cancelOpenAttempts(trx, jobId, PRICE_CHANGED_REASON, deps.now()) : [];
    });
  } catch (error) {
    if (isPgError(error, pgCodes.uniqueViolation, JOB_TITLE_UNIQUE)) {
      throw domainError("DUPLICATE_REQUIREMENT", { fields: { title: "A requirement with this title already exists" } });
    }
    throw error;
  }
  await cancelIntentsAtProvider(deps, canceled);
  return getJobDetails(deps, jobId);
}
