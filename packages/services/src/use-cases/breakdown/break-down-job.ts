import type { Knex } from "knex";
import { authorize, domainError, type Actor, type BreakdownInput, type StoryDraft } from "@forgehire/core";
import type { BreakdownEngine, BreakdownProgress, BreakdownSource } from "../../adapters/ai/breakdown-engine.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository, type JobRecord } from "../../repositories/jobs.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { loadLiveJob, loadLiveJobWithRequirements } from "../jobs/job-details.js";

/**
 * What an engine reads of a job: its title, description, scope and requirements.
 * @param job the job
 * @param requirements its requirements
 * @returns the engine's input
 */
export function breakdownInput(job: JobRecord, requirements: BreakdownInput["requirements"]): BreakdownInput {
  return { title: job.title, description: job.description, scope: job.scope, requirements };
}

/**
 * Breaks a job's requirements into stories and tasks, exactly once per job. The engine runs outside any
 * transaction (an AI answer can take 90 s); the stories are then stored under the job's row lock after checking
 * again that none exist, so concurrent calls end with one breakdown and STORIES_EXIST for the others.
 * @param deps database, clock
 * @param engine the AI engine when configured, else the rules engine
 * @param actor the owner or an admin
 * @param jobId the job
 * @param onProgress attempt and retry notices, for live views
 * @returns where the stories came from, and the stories
 * @throws JOB_NOT_FOUND; CREATE_STORIES_DENIED; BREAKDOWN_NOT_ALLOWED once started or paid; STORIES_EXIST
 */
export async function breakDownJob(
  deps: Pick<ServiceDeps, "db" | "now">,
  engine: BreakdownEngine,
  actor: Actor,
  jobId: number,
  onProgress?: (progress: BreakdownProgress) => void,
): Promise<{ source: BreakdownSource; stories: StoryRecord[] }> {
  const { job, requirements } = await loadLiveJobWithRequirements(deps.db, jobId);
  authorize(actor, "createBreakdown", job);
  // The job's row says whether it has stories (checked again under the row lock below).
  if (job.hasStories) throw domainError("STORIES_EXIST");

  const result = await engine.breakDown(breakdownInput(job, requirements), onProgress);
  const stories = await deps.db.transaction((trx) => storeBreakdown(trx, actor, jobId, result, deps.now()));
  return { source: result.source, stories };
}

/**
 * Stores a job's first breakdown inside the caller's transaction, under the job's row lock, after checking the
 * rules again (the engine ran outside any transaction, so the job may have changed meanwhile).
 * @param trx the caller's transaction
 * @param actor who asked for the breakdown
 * @param jobId the job
 * @param result the engine's stories and their source
 * @param now the clock's time
 * @returns the stories as stored
 * @throws JOB_NOT_FOUND; CREATE_STORIES_DENIED; BREAKDOWN_NOT_ALLOWED once started or paid; STORIES_EXIST
 */
export async function storeBreakdown(
  trx: Knex.Transaction,
  actor: Actor,
  jobId: number,
  result: { source: BreakdownSource; stories: StoryDraft[] },
  now: Date,
): Promise<StoryRecord[]> {
  const locked = await loadLiveJob(trx, jobId, { forUpdate: true });
  authorize(actor, "createBreakdown", locked);
  // Recording the source is also the check that no stories exist, in one statement under the row lock.
  if (!(await jobsRepository.claimBreakdown(trx, jobId, result.source, now))) throw domainError("STORIES_EXIST");
  const stored = await storiesRepository.insertDrafts(trx, jobId, result.stories, { locked: locked.locked });
  await jobActivityRepository.record(trx, {
    jobId,
    actorId: actor.id,
    action: "breakdown",
    details: { source: result.source, stories: result.stories.length },
  });
  return stored;
}

/**
 * Replaces a job's stories with a new breakdown from the engine (the portal asks for confirmation first): the
 * owner or an admin, while the requirements are unlocked and the job neither started nor paid. Like
 * `breakDownJob`, the engine runs outside any transaction and the rules are checked again under the row lock.
 * Task messages of the replaced tasks go with them; change requests keep their text and lose the story link.
 * @param deps database, clock
 * @param engine the AI engine when configured, else the rules engine
 * @param actor the owner or an admin
 * @param jobId the job
 * @param onProgress attempt and retry notices, for live views
 * @returns where the new stories came from, and the stories
 * @throws JOB_NOT_FOUND; CREATE_STORIES_DENIED; BREAKDOWN_NOT_ALLOWED once started or paid; LOCKED while locked
 */
export async function regenerateBreakdown(
  deps: Pick<ServiceDeps, "db" | "now">,
  engine: BreakdownEngine,
  actor: Actor,
  jobId: number,
  onProgress?: (progress: BreakdownProgress) => void,
): Promise<{ source: BreakdownSource; stories: StoryRecord[] }> {
  const { job, requirements } = await loadLiveJobWithRequirements(deps.db, jobId);
  authorize(actor, "regenerateBreakdown", job);

  const result = await engine.breakDown(breakdownInput(job, requirements), onProgress);

  const stories = await deps.db.transaction((trx) => replaceBreakdown(trx, actor, jobId, result, deps.now()));
  return { source: result.source, stories };
}

/**
 * Replaces a job's stories with an engine's inside the caller's transaction, under the job's row lock, after checking
 * the rules again (the engine ran outside any transaction: the job may have been locked or paid meanwhile).
 * @param trx the caller's transaction
 * @param actor who asked for it
 * @param jobId the job
 * @param result the engine's stories and their source
 * @param now the clock's time
 * @returns the stories as stored
 * @throws JOB_NOT_FOUND; CREATE_STORIES_DENIED; the lock and payment refusals of the regenerateBreakdown policy
 */
export async function replaceBreakdown(
  trx: Knex.Transaction,
  actor: Actor,
  jobId: number,
  result: { source: BreakdownSource; stories: StoryDraft[] },
  now: Date,
): Promise<StoryRecord[]> {
  const locked = await loadLiveJob(trx, jobId, { forUpdate: true });
  authorize(actor, "regenerateBreakdown", locked);
  const replaced = await storiesRepository.deleteAllForJob(trx, jobId);
  // The job's stories are now exactly these (their tasks went with the stories deleted above).
  const stored = await storiesRepository.insertDrafts(trx, jobId, result.stories, { locked: false });
  await jobsRepository.updateState(trx, jobId, { breakdownSource: result.source }, now);
  await jobActivityRepository.record(trx, {
    jobId,
    actorId: actor.id,
    // The "breakdown" action with `regenerated`, so the activity log's action list needs no change.
    action: "breakdown",
    details: { source: result.source, stories: result.stories.length, regenerated: true, replaced },
  });
  return stored;
}
