import { authorize, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { loadLiveJob } from "./job-details.js";

/**
 * Deletes a job the spec's way: status inactive (a soft delete; the row, its payments and history stay).
 * @param deps database, clock
 * @param actor the owner or an admin
 * @param jobId the job
 * @throws JOB_NOT_FOUND; DELETE_JOB_DENIED; JOB_PAID when paid or started
 */
export async function deleteJob(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, jobId: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "delete", job);
    await jobsRepository.markInactive(trx, jobId, deps.now());
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "deleted" });
  });
}
