import { assertDeliveryDateNotPast, authorizePostJob, domainError, quote, type Actor, type JobCreateBody } from "@forgehire/core";
import { isPgError, pgCodes } from "../../db/errors.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { getJobDetails, type JobDetails } from "./job-details.js";
import { notifyAdminsOfNewJob } from "./notify-admins.js";
import { mergeRequirements } from "./requirements-input.js";

/** The unique index behind "one live job per title and owner" (case-insensitive). */
export const JOB_TITLE_UNIQUE = "jobs_owner_id_title_unique";

/**
 * Posts a job: status open, unpaid, budget computed from scope and extras, delivery date defaulted from the
 * scope; the admins' e-mails are queued in the same transaction.
 * @param deps database, mailer, clock
 * @param actor a client or an admin (the owner)
 * @param input the validated wizard body (any budget sent was already dropped)
 * @param options notify: false to skip the admins' e-mails (an operator's bulk import, `jobs:create --no-notify`)
 * @returns the job with its requirements
 * @throws POST_JOB_DENIED for freelancers; VALIDATION for a delivery date in the past; DUPLICATE_REQUIREMENT when the owner has a live job with that title
 */
export async function postJob(
  deps: Pick<ServiceDeps, "db" | "now" | "mailer" | "logger" | "config">,
  actor: Actor,
  input: JobCreateBody,
  options: { notify?: boolean } = {},
): Promise<JobDetails> {
  authorizePostJob(actor);
  assertDeliveryDateNotPast(input.expectedDeliveryDate, deps.now());
  const priced = quote({ scope: input.scope, additionalServices: input.additionalServices ?? {} }, deps.now());
  let jobId: number;
  try {
    jobId = await deps.db.transaction(async (trx) => {
      const id = await jobsRepository.insert(
        trx,
        {
          title: input.title,
          description: input.description,
          industry: input.industry,
          scope: input.scope,
          budget: priced.total,
          ownerId: actor.id,
          expectedDeliveryDate: input.expectedDeliveryDate ?? priced.expectedDeliveryDate,
        },
        mergeRequirements(input),
      );
      await jobActivityRepository.record(trx, { jobId: id, actorId: actor.id, action: "created" });
      const job = await jobsRepository.findById(trx, id);
      if (!job) throw new Error(`job ${id} vanished inside its own transaction`);
      if (options.notify !== false) await notifyAdminsOfNewJob(deps, trx, job);
      return id;
    });
  } catch (error) {
    if (isPgError(error, pgCodes.uniqueViolation, JOB_TITLE_UNIQUE)) {
      throw domainError("DUPLICATE_REQUIREMENT", { fields: { title: "A requirement with this title already exists" } });
    }
    throw error;
  }
  return getJobDetails(deps, jobId);
}
