import { authorize, changeRequestStory, domainError, type Actor, type ChangeRequestBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { changeRequestsRepository, type ChangeRequestRecord } from "../../repositories/change-requests.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";

/**
 * Records a change request and adds its 'Change Request Implementation' story (high, with analyze, implement and
 * test-and-validate tasks), linked back to the request, all in one transaction.
 * @returns the request and the new story
 * @throws JOB_NOT_FOUND; CHANGE_REQUEST_DENIED; CHANGE_NOT_ALLOWED unless locked or started; EMPTY_CHANGE_REQUEST
 */
export async function requestChange(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  jobId: number,
  input: ChangeRequestBody,
): Promise<{ changeRequest: ChangeRequestRecord; story: StoryRecord }> {
  const draft = changeRequestStory(input.description);
  return deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "requestChange", job);
    if (input.storyId) {
      const about = await storiesRepository.findItem(trx, input.storyId);
      if (!about || about.jobId !== jobId || about.type !== "story") throw domainError("STORY_NOT_FOUND");
    }
    const created = await changeRequestsRepository.insert(trx, {
      jobId,
      requestedBy: actor.id,
      description: input.description,
      storyId: input.storyId ?? null,
    });
    // The new story follows the job's lock, like the rest of the backlog.
    const [story] = await storiesRepository.insertDrafts(trx, jobId, [draft], { locked: job.locked });
    await changeRequestsRepository.linkStory(trx, created.id, story!.id);
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "change_request", details: { changeRequestId: created.id } });
    return { changeRequest: { ...created, storyId: story!.id }, story: story! };
  });
}

/**
 * A job's change requests, for those who may see its breakdown.
 * @throws JOB_NOT_FOUND; VIEW_BREAKDOWN_DENIED
 */
export async function listChangeRequests(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<ChangeRequestRecord[]> {
  const job = await loadLiveJob(deps.db, jobId);
  authorize(actor, "viewBreakdown", job);
  return changeRequestsRepository.listForJob(deps.db, jobId);
}
