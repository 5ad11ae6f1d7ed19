import {
  authorize,
  changeRequestQuote,
  changeRequestStart,
  changeRequestStory,
  decideChangeRequest,
  domainError,
  paymentAmount,
  refusalError,
  type Actor,
  type ChangeRequestBody,
} from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { changeRequestsRepository, type ChangeRequestRecord } from "../../repositories/change-requests.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";

/**
 * Records a change request, as the lifecycle (lifecycle/change-request.ts) starts it. On a job not paid yet it joins
 * the scope at once: its 'Change Request Implementation' story (high, with analyze, implement and test-and-validate
 * tasks) is added, linked back to the request, and the job's own payment covers it. On a paid job (whose scope is
 * frozen) it is only quoted: its estimate (the story's hours) at the job's rate, the job's price over the hours that
 * price paid for (`changeRequestQuote`); no story is added until the quote is paid (cr-2).
 * @returns the request and the new story (null for a quote)
 * @throws JOB_NOT_FOUND; CHANGE_REQUEST_DENIED; CHANGE_NOT_ALLOWED unless locked or started, or once a paid job is
 *   completed; CHANGE_NOT_QUOTABLE when a paid job has no estimated hours; EMPTY_CHANGE_REQUEST
 */
export async function requestChange(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  jobId: number,
  input: ChangeRequestBody,
): Promise<{ changeRequest: ChangeRequestRecord; story: StoryRecord | null }> {
  const draft = changeRequestStory(input.description);
  return deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "requestChange", job);
    if (input.storyId) {
      const about = await storiesRepository.findItem(trx, input.storyId);
      if (!about || about.jobId !== jobId || about.type !== "story") throw domainError("STORY_NOT_FOUND");
    }
    const start = changeRequestStart(job);
    const decision = decideChangeRequest(actor, start, job, null);
    if (!decision.allowed) throw refusalError(decision.refusal);
    if (start === "quote") {
      const quote = changeRequestQuote({
        jobPriceCents: paymentAmount(job.budget),
        jobEstimateHours: await changeRequestsRepository.jobOwnHours(trx, jobId),
        estimateHours: draft.tasks.reduce((sum, task) => sum + (task.estimateHours ?? 0), 0),
      });
      if (!quote) throw domainError("CHANGE_NOT_QUOTABLE");
      const quoted = await changeRequestsRepository.insert(trx, {
        jobId,
        requestedBy: actor.id,
        description: input.description,
        storyId: input.storyId ?? null,
        quote,
      });
      await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "change_request", details: { changeRequestId: quoted.id, quote } });
      return { changeRequest: quoted, story: null };
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
