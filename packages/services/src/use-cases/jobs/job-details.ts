import { domainError } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository, type FileRecord } from "../../repositories/files.js";
import { jobsRepository, type JobRecord, type RequirementsRecord } from "../../repositories/jobs.js";

/** A job with its requirements and attachments: what the detail page and every write answer with. */
export interface JobDetails {
  job: JobRecord;
  requirements: RequirementsRecord;
  files: FileRecord[];
}

/**
 * A live job, for reading or (inside a transaction, forUpdate) for changing.
 * @throws JOB_NOT_FOUND when unknown or deleted
 */
export async function loadLiveJob(db: ServiceDeps["db"], jobId: number, options: { forUpdate?: boolean } = {}): Promise<JobRecord> {
  const job = await jobsRepository.findById(db, jobId, options);
  if (!job || job.status === "inactive") throw domainError("JOB_NOT_FOUND");
  return job;
}

/**
 * A live job and its requirements, read in one statement.
 * @throws JOB_NOT_FOUND when unknown or deleted
 */
export async function loadLiveJobWithRequirements(db: ServiceDeps["db"], jobId: number): Promise<Omit<JobDetails, "files">> {
  const found = await jobsRepository.findWithRequirements(db, jobId);
  if (!found || found.job.status === "inactive") throw domainError("JOB_NOT_FOUND");
  return found;
}

/**
 * A live job with its requirements and files.
 * @throws JOB_NOT_FOUND when unknown or deleted
 */
export async function getJobDetails(deps: Pick<ServiceDeps, "db">, jobId: number): Promise<JobDetails> {
  const [{ job, requirements }, files] = await Promise.all([loadLiveJobWithRequirements(deps.db, jobId), filesRepository.listJobAttachments(deps.db, jobId)]);
  return { job, requirements, files };
}
