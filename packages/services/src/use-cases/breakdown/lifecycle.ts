import { authorize, diffVersions, domainError, milestoneAmounts, paymentAmount, versionHours, type Actor, type VersionChanges } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository, type JobRecord } from "../../repositories/jobs.js";
import { breakdownVersionsRepository, type BreakdownVersionRecord } from "../../repositories/breakdown-versions.js";
import { storiesRepository } from "../../repositories/stories.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { notifyClientOfJobUpdate } from "../notifications/client-emails.js";
import { notify } from "../notifications/notify.js";
import { releaseUnapprovedStories } from "../delivery/deliver-story.js";
import { JOB_AUDIT_FIELDS, recordAudit } from "../admin/audit.js";

type Deps = Pick<ServiceDeps, "db" | "now">;
/** Starting and completing also queue an e-mail to the client, in the same transaction. */
type NotifyingDeps = Deps & Pick<ServiceDeps, "mailer" | "config" | "queue" | "realtime" | "logger">;

/**
 * Locks the requirements: the job and every story and task are frozen, ready for payment, each story gets its
 * milestone amount (its share of the price by estimate hours, `milestoneAmounts`), and the breakdown is kept as a new
 * version (number, who, when).
 * @throws JOB_NOT_FOUND; LOCK_DENIED; ALREADY_LOCKED
 */
export async function lockJob(deps: Deps, actor: Actor, jobId: number): Promise<JobRecord> {
  const now = deps.now();
  const job = await deps.db.transaction(async (trx) => {
    // The stories' hours come with the row lock, in its statement: no story changes under it until the commit.
    const found = await jobsRepository.findForLock(trx, jobId);
    if (!found || found.job.status === "inactive") throw domainError("JOB_NOT_FOUND");
    const { job, storyHours } = found;
    authorize(actor, "lock", job);
    const amounts = milestoneAmounts(
      paymentAmount(job.budget),
      storyHours.map((story) => story.hours),
    );
    const storyAmounts = Object.fromEntries(storyHours.map((story, index) => [story.id, amounts[index]!]));
    // Each lock snapshots the breakdown as a new version, so the client can see what changed since the last.
    await breakdownVersionsRepository.lockAndSnapshot(trx, jobId, { lockedBy: actor.id, lockedAt: now, storyAmounts });
    await recordAudit(trx, { actor, action: "jobs.lock", recordId: jobId, before: { locked: job.locked }, after: { locked: true }, at: now });
    return job;
  });
  // The row as the lock left it, without reading it again: only these two fields changed, under the row lock.
  return { ...job, locked: true, updatedAt: now };
}

/**
 * Unlocks the requirements again, until the job is paid or started (then it stays locked for good); the stories'
 * milestone amounts are cleared with the lock.
 * @throws JOB_NOT_FOUND; LOCK_DENIED; PAYMENT_PROCESSING; JOB_PAID once paid (a paid scope is frozen); CANNOT_UNLOCK after
 *   the start; NOT_LOCKED
 */
export async function unlockJob(deps: Deps, actor: Actor, jobId: number): Promise<JobRecord> {
  await deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "unlock", job);
    await jobsRepository.updateState(trx, jobId, { locked: false }, deps.now());
    await storiesRepository.unlockForJob(trx, jobId, deps.now());
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "unlock" });
    await recordAudit(trx, { actor, action: "jobs.unlock", recordId: jobId, before: { locked: job.locked }, after: { locked: false }, at: deps.now() });
  });
  return loadLiveJob(deps.db, jobId);
}

/**
 * A freelancer starts the project: in progress, with the start time and the freelancer recorded. The row lock
 * makes two freelancers starting at once end with one winner. The client's e-mail is queued in the same transaction.
 * @throws JOB_NOT_FOUND; FREELANCER_ONLY; ALREADY_STARTED; REQUIREMENTS_NOT_FINALIZED; PAYMENT_REQUIRED
 */
export async function startJob(deps: NotifyingDeps, actor: Actor, jobId: number): Promise<JobRecord> {
  await deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "start", job);
    await jobsRepository.updateState(trx, jobId, { status: "in_progress", startedAt: deps.now(), freelancerId: actor.id }, deps.now());
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "start" });
    const started = await jobsRepository.findById(trx, jobId);
    await recordAudit(trx, { actor, action: "jobs.start", recordId: jobId, before: job, after: started ?? null, fields: JOB_AUDIT_FIELDS, at: deps.now() });
    await notifyClientOfJobUpdate(deps, trx, jobId, "job_started");
    await notify(deps, trx, {
      type: "job_started",
      actorId: actor.id,
      parties: { ownerId: job.ownerId, freelancerId: actor.id },
      facts: { jobId, jobTitle: job.title },
    });
  });
  return loadLiveJob(deps.db, jobId);
}

/**
 * An admin completes the project by hand (the lifecycle's override; it otherwise completes with its last approval):
 * the stories not yet approved are approved and their milestones released through the ledger, and the client's
 * e-mail is queued, all in one transaction.
 * @throws JOB_NOT_FOUND; COMPLETE_DENIED; NOT_IN_PROGRESS; INSUFFICIENT_ESCROW when the escrow cannot cover them
 */
export async function completeJob(deps: NotifyingDeps, actor: Actor, jobId: number): Promise<JobRecord> {
  await deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "complete", job);
    const now = deps.now();
    const released = await releaseUnapprovedStories(deps, trx, actor, job, now);
    await jobsRepository.updateState(trx, jobId, { status: "completed", completedAt: now }, now);
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "complete", details: { by: "admin", released } });
    const completed = await jobsRepository.findById(trx, jobId);
    await recordAudit(trx, { actor, action: "jobs.complete", recordId: jobId, before: job, after: completed ?? null, fields: JOB_AUDIT_FIELDS, at: now });
    await notifyClientOfJobUpdate(deps, trx, jobId, "job_completed");
  });
  return loadLiveJob(deps.db, jobId);
}

/** A locked version of a breakdown with what changed since the version before it. */
export interface BreakdownVersionView extends BreakdownVersionRecord {
  changes: VersionChanges;
  totalHours: number;
}

/**
 * A job's breakdown versions, newest first, each with its changes since the previous version; for those allowed
 * to see the breakdown.
 * @throws JOB_NOT_FOUND; VIEW_BREAKDOWN_DENIED
 */
export async function listBreakdownVersions(deps: Pick<Deps, "db">, actor: Actor, jobId: number): Promise<BreakdownVersionView[]> {
  const job = await loadLiveJob(deps.db, jobId);
  authorize(actor, "viewBreakdown", job);
  const versions = await breakdownVersionsRepository.listForJob(deps.db, jobId);
  return versions
    .map((version, index) => ({
      ...version,
      changes: diffVersions(index === 0 ? null : versions[index - 1]!.stories, version.stories),
      totalHours: versionHours(version.stories),
    }))
    .reverse();
}
