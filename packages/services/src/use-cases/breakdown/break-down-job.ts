import { authorize, domainError, type Actor, type BreakdownInput } from "@forgehire/core";
import type { BreakdownEngine, BreakdownProgress, BreakdownSource } from "../../adapters/ai/breakdown-engine.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";

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
  const job = await loadLiveJob(deps.db, jobId);
  authorize(actor, "createBreakdown", job);
  if (await storiesRepository.hasStories(deps.db, jobId)) throw domainError("STORIES_EXIST");

  const requirements = await jobsRepository.findRequirements(deps.db, job);
  const input: BreakdownInput = { title: job.title, description: job.description, scope: job.scope, requirements };
  const result = await engine.breakDown(input, onProgress);

  await deps.db.transaction(async (trx) => {
    const locked = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "createBreakdown", locked);
    if (await storiesRepository.hasStories(trx, jobId)) throw domainError("STORIES_EXIST");
    await storiesRepository.insertDrafts(trx, jobId, result.stories, { locked: locked.locked });
    await jobsRepository.updateState(trx, jobId, { breakdownSource: result.source }, deps.now());
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "breakdown", details: { source: result.source, stories: result.stories.length } });
  });
  return { source: result.source, stories: await storiesRepository.listForJob(deps.db, jobId) };
}
