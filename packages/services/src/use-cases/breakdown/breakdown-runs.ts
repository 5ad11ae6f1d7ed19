import {
  authorize,
  breakdownRequester,
  breakdownRunProgress,
  domainError,
  errorCatalogue,
  isActiveRun,
  isDomainError,
  type Actor,
  type BreakdownDoneEvent,
  type BreakdownProgressEvent,
  type BreakdownRunKind,
  type BreakdownRunError,
  type BreakdownRunProgress,
  type BreakdownRunStatus,
  type BreakdownRunStep,
} from "@forgehire/core";
import type { Knex } from "knex";
import type { BreakdownEngine } from "../../adapters/ai/breakdown-engine.js";
import type { ServiceDeps } from "../../deps.js";
import { isQueuedJobPending } from "../../queue/queue.js";
import { adminsChannel, userChannel } from "../../realtime.js";
import { breakdownRunsRepository, type BreakdownRunRecord } from "../../repositories/breakdown-runs.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { usersRepository } from "../../repositories/users.js";
import { loadLiveJob, loadLiveJobWithRequirements } from "../jobs/job-details.js";
import { breakdownInput, replaceBreakdown, storeBreakdown } from "./break-down-job.js";
import { notify } from "../notifications/notify.js";

/** The policy action each kind of run needs, checked when it is asked for and again when it stores. */
const runAction = { create: "createBreakdown", regenerate: "regenerateBreakdown" } as const;

/**
 * Asks for a job's AI breakdown (its first, or a regeneration replacing its stories): the same rules as a breakdown
 * made at once are checked first (a refusal queues nothing); then the run's row and its queue job are inserted in one
 * transaction, so neither exists without the other. A job has one active run at most: asking again while one waits
 * or runs gives that run back.
 * @param deps database, queue, clock
 * @param actor the owner or an admin
 * @param jobId the job
 * @param kind a first breakdown, or a regeneration
 * @returns the run to follow, and whether this call created it
 * @throws JOB_NOT_FOUND; CREATE_STORIES_DENIED; BREAKDOWN_NOT_ALLOWED once started or paid; STORIES_EXIST for a first
 *   breakdown; a regeneration's lock and payment refusals
 */
export async function requestBreakdown(
  deps: Pick<ServiceDeps, "db" | "queue" | "now">,
  actor: Actor,
  jobId: number,
  kind: BreakdownRunKind = "create",
): Promise<{ run: BreakdownRunRecord; created: boolean }> {
  return deps.db.transaction(async (trx) => {
    // Under the job's row lock: two requests at once end with one run.
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, runAction[kind], job);
    if (kind === "create" && job.hasStories) throw domainError("STORIES_EXIST");
    const active = await breakdownRunsRepository.findActive(trx, jobId);
    if (active) {
      if (await isQueuedJobPending(trx, "breakdown", active.id)) return { run: active, created: false };
      // Its queue job ended without finishing it (every process working it died): it will never finish.
      await breakdownRunsRepository.markFailed(trx, active.id, failure("BREAKDOWN_FAILED"), deps.now());
    }
    const run = await breakdownRunsRepository.insert(trx, { jobId, kind, requestedBy: actor.id });
    await deps.queue.send("breakdown", { runId: run.id }, { db: trx, id: run.id });
    return { run, created: true };
  });
}

/**
 * A breakdown run, for the owner or an admin (a reconnecting tab catches up with it; the CLI follows it).
 * @param deps database
 * @param actor the signed-in person
 * @param jobId the job of the path
 * @param runId the run
 * @returns the run
 * @throws JOB_NOT_FOUND; VIEW_BREAKDOWN_DENIED; BREAKDOWN_RUN_NOT_FOUND when the job has no such run
 */
export async function getBreakdownRun(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number, runId: string): Promise<BreakdownRunRecord> {
  const job = await loadLiveJob(deps.db, jobId);
  authorize(actor, "followBreakdown", job);
  const run = await breakdownRunsRepository.findById(deps.db, runId);
  if (!run || run.jobId !== jobId) throw domainError("BREAKDOWN_RUN_NOT_FOUND");
  return run;
}

/**
 * Works one queued breakdown run: the engine's stories (with its retries and fallback) are stored and the run
 * finished in one transaction, so working a run again (its process died after the commit, or two processes hold
 * it) stores nothing twice. Each step is saved on the run's row and published as `breakdown:progress` to the job
 * owner and the admins; the end as `breakdown:done`. The requester is read again, under a share lock, in the
 * transaction that stores: an account disabled while the AI answered fails the run with
 * BREAKDOWN_REQUESTER_DISABLED, one that lost its right to the job (an admin demoted) with the policy's refusal, and
 * nothing is stored. A rule that refuses (the job was paid, deleted or broken down meanwhile) fails the run with
 * that error; any other error is thrown for the queue to retry, and fails the run on the queue's last try.
 * @param deps database, clock, realtime, logger
 * @param engine the AI engine (the rules engine where this process has none)
 * @param runId the run
 * @param options lastTry: the queue will not retry after this one
 */
export async function workBreakdownRun(
  deps: Pick<ServiceDeps, "db" | "now" | "realtime" | "logger" | "mailer" | "config">,
  engine: BreakdownEngine,
  runId: string,
  options: { lastTry: boolean },
): Promise<void> {
  const run = await breakdownRunsRepository.findById(deps.db, runId);
  // Finished already (the queue retried after the commit), or gone with its job.
  if (!run || !isActiveRun(run.status)) return;
  const owner = await jobsRepository.findById(deps.db, run.jobId);
  const channels = [adminsChannel, ...(owner ? [userChannel(owner.ownerId)] : [])];
  const announce = (status: BreakdownRunStatus, progress: BreakdownRunProgress) =>
    deps.realtime.publish(channels, "breakdown:progress", { runId, jobId: run.jobId, status, progress } satisfies BreakdownProgressEvent);
  const finish = (event: Omit<BreakdownDoneEvent, "runId" | "jobId">) =>
    deps.realtime.publish(channels, "breakdown:done", { runId, jobId: run.jobId, ...event } satisfies BreakdownDoneEvent);

  // The steps are saved in order, one after the other, without holding up the engine.
  let saved: Promise<void> = Promise.resolve();
  const step = (next: BreakdownRunStep) => {
    const progress = breakdownRunProgress(next);
    saved = saved
      .then(() => breakdownRunsRepository.setProgress(deps.db, runId, progress))
      .then(() => announce("running", progress))
      .catch((err: unknown) => deps.logger.warn({ err, runId }, "breakdown run progress not saved"));
  };

  try {
    // Checked before the AI is asked too, so a run of an account disabled while it waited costs nothing.
    const actor = await requesterOf(deps.db, run);
    const { job, requirements } = await loadLiveJobWithRequirements(deps.db, run.jobId);
    authorize(actor, runAction[run.kind], job);
    if (run.kind === "create" && job.hasStories) throw domainError("STORIES_EXIST");
    await breakdownRunsRepository.markRunning(deps.db, runId, deps.now());
    const result = await engine.breakDown(breakdownInput(job, requirements), step);
    step({ kind: "saving" });
    await saved;
    const done = breakdownRunProgress({ kind: "done" });
    const taskCount = result.stories.reduce((sum, story) => sum + story.tasks.length, 0);
    const stored = await deps.db.transaction(async (trx) => {
      const current = await breakdownRunsRepository.findById(trx, runId, { forUpdate: true });
      // Another process finished it while this one waited for the AI.
      if (!current || !isActiveRun(current.status)) return false;
      // The requester as they are now, not as they were before the AI's minute: rights taken away meanwhile count.
      const requester = await requesterOf(trx, run);
      await (run.kind === "create" ? storeBreakdown : replaceBreakdown)(trx, requester, run.jobId, result, deps.now());
      await breakdownRunsRepository.markSucceeded(trx, runId, { source: result.source, storyCount: result.stories.length, taskCount }, done, deps.now());
      // The AI's work, not the requester's act: the system is its actor, so the owner is told even of their own request.
      await notify(deps, trx, {
        type: "breakdown_ready",
        actorId: null,
        parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
        facts: { jobId: job.id, jobTitle: job.title },
      });
      return true;
    });
    if (!stored) return;
    announce("succeeded", done);
    finish({ status: "succeeded", storyCount: result.stories.length, source: result.source });
  } catch (error) {
    await saved;
    if (!isDomainError(error) && !options.lastTry) throw error;
    if (!isDomainError(error)) deps.logger.error({ err: error, runId }, "breakdown run failed on its last try");
    const reason = isDomainError(error) ? { code: error.code, message: error.message } : failure("BREAKDOWN_FAILED");
    if (await breakdownRunsRepository.markFailed(deps.db, runId, reason, deps.now())) finish({ status: "failed", error: reason });
  }
}

/**
 * The actor who asked for the run, as they are now (an account disabled or deleted since may not). Inside the
 * storing transaction the account's row stays share-locked until the commit, so a disabling or a demotion either
 * waits for the stories to be stored or is seen here, never committed in between.
 */
async function requesterOf(db: Knex, run: BreakdownRunRecord): Promise<Actor> {
  return breakdownRequester(run.requestedBy ? await usersRepository.lockRights(db, run.requestedBy) : undefined);
}

/** A run's error from the catalogue. */
function failure(code: "BREAKDOWN_FAILED"): BreakdownRunError {
  return { code, message: errorCatalogue[code].message };
}
