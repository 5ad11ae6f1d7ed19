import {
  decideDelivery,
  deliveryAbilityActions,
  domainError,
  isAdmin,
  isDelivered,
  MAX_DELIVERY_FILES,
  planDelivery,
  refusalError,
  type Actor,
  type DeliveryLimits,
  type DeliveryTransitionName,
  type JobState,
  type LifecycleActor,
  type ReleaseAmounts,
  type StoryAbilities,
  type SubmitStoryBody,
} from "@forgehire/core";
import type { Knex } from "knex";
import type { StoredUpload } from "../../adapters/storage/receive-upload.js";
import { removeOnFailure } from "../../adapters/storage/storage.js";
import { recordAudit } from "../admin/audit.js";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository } from "../../repositories/files.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository, type JobRecord } from "../../repositories/jobs.js";
import { storiesRepository, type DeliveryFileRecord, type StoryRecord } from "../../repositories/stories.js";
import { taskMessagesRepository } from "../../repositories/task-messages.js";
import { assertKind } from "../jobs/attach-job-files.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { postRelease } from "../ledger/post-ledger.js";
import { notifyClientOfJobUpdate, notifyClientOfReviewDeadline, notifyClientOfStorySubmitted } from "../notifications/client-emails.js";
import { queuePayout } from "../payouts/payouts.js";
import { notify } from "../notifications/notify.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "config" | "mailer" | "queue" | "realtime" | "logger">;

/** The lifecycle's limits from the configuration (REVIEW_PERIOD, MAX_REVISIONS). */
export function deliveryLimits(config: ServiceDeps["config"]): DeliveryLimits {
  return { reviewPeriodMs: config.delivery.reviewPeriodMs, maxRevisions: config.delivery.maxRevisions };
}

/**
 * A story and its job, the job's row locked: every transition of a job's stories runs one at a time, so "is this the
 * last story?" is answered on what the other approvals committed.
 */
export async function loadForTransition(trx: Knex, storyId: string): Promise<{ story: StoryRecord; job: JobRecord }> {
  const item = await storiesRepository.findItem(trx, storyId);
  if (!item || item.type !== "story") throw domainError("STORY_NOT_FOUND");
  const job = await loadLiveJob(trx, item.jobId, { forUpdate: true });
  const story = await storiesRepository.findStory(trx, storyId);
  if (!story) throw domainError("STORY_NOT_FOUND");
  return { story, job };
}

/** Decides and applies one transition; the conditional update is the last word when two race past the decision. */
export async function move(
  deps: Pick<ServiceDeps, "now" | "config">,
  trx: Knex,
  actor: LifecycleActor,
  name: DeliveryTransitionName,
  loaded: { story: StoryRecord; job: JobRecord },
  extra: { note?: string | null; links?: string[]; files?: DeliveryFileRecord[]; submission?: Date } = {},
) {
  const now = deps.now();
  const plan = planDelivery(actor, name, loaded.job, loaded.story, deliveryLimits(deps.config), now, extra.submission ?? null);
  if (!plan.allowed) throw refusalError(plan.refusal);
  const moved = await storiesRepository.moveDelivery(
    trx,
    loaded.story.id,
    { from: [loaded.story.delivery.status], submittedAt: extra.submission },
    {
      ...plan.patch,
      ...(extra.note !== undefined && { note: extra.note }),
      ...(extra.links !== undefined && { links: extra.links }),
      ...(extra.files !== undefined && { files: extra.files }),
    },
    now,
  );
  if (!moved) throw domainError(name === "submit" ? "NOT_SUBMITTABLE" : name === "dispute" || name === "resolveDispute" ? "NOT_DISPUTABLE" : "NOT_IN_REVIEW");
  return { now, plan };
}

async function reload(db: Knex, storyId: string): Promise<StoryRecord> {
  const story = await storiesRepository.findStory(db, storyId);
  if (!story) throw domainError("STORY_NOT_FOUND");
  return story;
}

/**
 * Checks, before any upload of a submission is read or stored, that the actor may submit this story now (the same
 * lifecycle decision the submission takes again in its transaction).
 * @throws STORY_NOT_FOUND; JOB_NOT_FOUND; SUBMIT_DENIED; JOB_NOT_IN_PROGRESS; NOT_SUBMITTABLE; TASKS_NOT_DONE
 */
export async function authorizeStorySubmission(deps: Pick<ServiceDeps, "db" | "config">, actor: Actor, storyId: string): Promise<void> {
  const item = await storiesRepository.findItem(deps.db, storyId);
  if (!item || item.type !== "story") throw domainError("STORY_NOT_FOUND");
  const job = await loadLiveJob(deps.db, item.jobId);
  const story = await storiesRepository.findStory(deps.db, storyId);
  if (!story) throw domainError("STORY_NOT_FOUND");
  const decision = decideDelivery(actor, "submit", job, story, deliveryLimits(deps.config));
  if (!decision.allowed) throw refusalError(decision.refusal);
}

/**
 * The assigned freelancer submits a story for review, with a note, links and files: it goes in review until now +
 * REVIEW_PERIOD, the client is e-mailed, the auto-approval is queued to start at the deadline and the reminder
 * REVIEW_REMINDER_BEFORE ahead of it, all in one transaction. The files replace the previous submission's on the
 * story (those stay readable where they were linked, like the thread's attachments). When it fails, the files' bytes
 * are removed.
 * @param input the note and links, and files already streamed to storage and checked as delivery files (receiveUpload)
 * @throws STORY_NOT_FOUND; JOB_NOT_FOUND; SUBMIT_DENIED; JOB_NOT_IN_PROGRESS; NOT_SUBMITTABLE; TASKS_NOT_DONE;
 *   TOO_MANY_FILES
 */
export async function submitStory(
  deps: Deps & Pick<ServiceDeps, "storage">,
  actor: Actor,
  storyId: string,
  input: SubmitStoryBody & { files?: StoredUpload[] },
): Promise<StoryRecord> {
  const uploads = input.files ?? [];
  await removeOnFailure(
    deps.storage,
    uploads.map((file) => file.key),
    () =>
      deps.db.transaction(async (trx) => {
        assertKind(uploads, "delivery_file");
        if (uploads.length > MAX_DELIVERY_FILES) {
          throw domainError("TOO_MANY_FILES", { message: `A delivery may carry at most ${MAX_DELIVERY_FILES} files.` });
        }
        const loaded = await loadForTransition(trx, storyId);
        const files: DeliveryFileRecord[] = [];
        for (const file of uploads) {
          const record = await filesRepository.insert(trx, {
            ownerId: actor.id,
            kind: "delivery_file",
            jobId: loaded.job.id,
            taskId: storyId,
            name: file.originalName.slice(0, 255),
            mimeType: file.mime,
            sizeBytes: file.size,
            storageKey: file.key,
          });
          files.push({ id: record.id, name: record.name, size: record.sizeBytes });
        }
        const { plan } = await move(deps, trx, actor, "submit", loaded, {
          note: input.note === "" ? null : input.note,
          links: input.links,
          files,
        });
        const submittedAt = plan.patch.submittedAt!;
        const reviewDueAt = plan.patch.reviewDueAt!;
        await jobActivityRepository.record(trx, { jobId: loaded.job.id, actorId: actor.id, action: "story_submitted", details: { storyId } });
        await notifyClientOfStorySubmitted(deps, trx, { jobId: loaded.job.id, title: loaded.story.title, amountCents: loaded.story.amountCents, reviewDueAt });
        await notify(deps, trx, {
          type: "story_submitted",
          actorId: actor.id,
          parties: { ownerId: loaded.job.ownerId, freelancerId: loaded.job.freelancerId },
          facts: {
            jobId: loaded.job.id,
            jobTitle: loaded.job.title,
            storyId,
            storyTitle: loaded.story.title,
            amountCents: loaded.story.amountCents,
            reviewDueAt,
          },
        });
        // In the submission's transaction: the timers exist exactly when the submission does, and survive restarts.
        const submission = { storyId, submittedAt: submittedAt.toISOString() };
        await deps.queue.send("auto-approve", submission, { db: trx, startAfter: reviewDueAt });
        const remindAt = reviewReminderTime(deps.config, submittedAt, reviewDueAt);
        if (remindAt) await deps.queue.send("review-reminder", submission, { db: trx, startAfter: remindAt });
      }),
  );
  return reload(deps.db, storyId);
}

/**
 * When the client is reminded of a review deadline: REVIEW_REMINDER_BEFORE ahead of it. A review period no longer
 * than that lead has no reminder: the submission's own e-mail, sent at once, already is one (it names the deadline),
 * and a second e-mail moments later would only repeat it.
 * @returns the time, or null for no reminder
 */
export function reviewReminderTime(config: ServiceDeps["config"], submittedAt: Date, reviewDueAt: Date): Date | null {
  const at = new Date(reviewDueAt.getTime() - config.delivery.reviewReminderBeforeMs);
  return at.getTime() > submittedAt.getTime() ? at : null;
}

/**
 * The queue's reminder before a story's review deadline: e-mails the client once, only if the story is still in
 * review in the submission the reminder was set for. The claim (the story's `review_reminder_for`) is a conditional
 * update in the e-mail's own transaction, so a retry after a crash, a second process or a duplicate job sends nothing
 * more; an approval, a request for changes, a dispute or a resubmission makes it a no-op.
 * @returns whether the reminder was sent now
 */
export async function remindOfReviewDeadline(
  deps: Pick<ServiceDeps, "db" | "config" | "mailer" | "realtime" | "logger" | "now">,
  data: { storyId: string; submittedAt: string },
): Promise<boolean> {
  const submission = new Date(data.submittedAt);
  if (Number.isNaN(submission.getTime())) return false;
  return deps.db.transaction(async (trx) => {
    if (!(await storiesRepository.claimReviewReminder(trx, data.storyId, submission))) return false;
    const story = await storiesRepository.findStory(trx, data.storyId);
    if (!story?.delivery.reviewDueAt) return false;
    await notifyClientOfReviewDeadline(deps, trx, {
      jobId: story.jobId,
      title: story.title,
      amountCents: story.amountCents,
      reviewDueAt: story.delivery.reviewDueAt,
    });
    const job = await jobsRepository.findById(trx, story.jobId);
    if (job) {
      await notify(deps, trx, {
        type: "story_review_reminder",
        actorId: null,
        parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
        facts: {
          jobId: job.id,
          jobTitle: job.title,
          storyId: story.id,
          storyTitle: story.title,
          amountCents: story.amountCents,
          reviewDueAt: story.delivery.reviewDueAt,
        },
      });
    }
    return true;
  });
}

/** What an approval answers: the story approved and the release it makes. */
export interface Approval {
  story: StoryRecord;
  release: ReleaseAmounts;
  /** whether this approval completed the job (its last story) */
  jobCompleted: boolean;
}

async function approveInTransaction(
  deps: Deps,
  trx: Knex,
  actor: LifecycleActor,
  loaded: { story: StoryRecord; job: JobRecord },
  name: "approve" | "autoApprove",
  submission?: Date,
): Promise<{ release: ReleaseAmounts; jobCompleted: boolean }> {
  const { job, story } = loaded;
  await move(deps, trx, actor, name, loaded, { ...(submission && { submission }) });
  // Posted here, beside the state change that causes it: the approval and its release commit together or not at all,
  // and a second posting for the story (a retry, another process) returns the first one's amounts. A story locked
  // before milestones existed has no amount: it releases nothing rather than guess one.
  const release = await postRelease(trx as Knex.Transaction, {
    jobId: job.id,
    storyId: story.id,
    grossCents: story.amountCents ?? 0,
    freelancerId: job.freelancerId!,
    feePercent: deps.config.delivery.platformFeePercent,
    actor: actor === "system" ? { kind: "system", id: null } : { kind: isAdmin(actor) ? "admin" : "client", id: actor.id },
  });
  // The release's transfer to the freelancer, queued with it: it exists only if the release commits.
  if (release.netCents > 0) await queuePayout(deps, trx, job.freelancerId!);
  const actorId = actor === "system" ? null : actor.id;
  await jobActivityRepository.record(trx, {
    jobId: job.id,
    actorId,
    action: "story_approved",
    details: { storyId: story.id, by: name === "autoApprove" ? "system" : "person" },
  });
  await notify(deps, trx, {
    type: "story_approved",
    actorId,
    parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
    facts: { jobId: job.id, jobTitle: job.title, storyId: story.id, storyTitle: story.title, amountCents: release.grossCents },
  });
  const jobCompleted = await completeIfDelivered(deps, trx, job.id, story.id);
  return { release, jobCompleted };
}

/**
 * The job's system transition (lifecycle/job.ts, completeOnLastApproval), after an approval or a dispute's
 * resolution: when every story is now approved the job is completed. Read under the job's row lock, which the caller
 * holds.
 * @returns whether the job was completed now
 */
export async function completeIfDelivered(deps: Deps, trx: Knex, jobId: number, lastStoryId: string): Promise<boolean> {
  if (!isDelivered(await storiesRepository.deliveryStatuses(trx, jobId))) return false;
  const now = deps.now();
  await jobsRepository.updateState(trx, jobId, { status: "completed", completedAt: now }, now);
  await jobActivityRepository.record(trx, { jobId, actorId: null, action: "complete", details: { by: "system", lastStoryId } });
  await notifyClientOfJobUpdate(deps, trx, jobId, "job_completed");
  return true;
}

/**
 * The job's owner (or an admin) approves a story in review: its milestone is released (gross, fee, net) and, when it
 * was the last story, the job is completed. Of two approvals racing, one answers and the other is refused.
 * @throws STORY_NOT_FOUND; JOB_NOT_FOUND; APPROVE_DENIED; JOB_NOT_IN_PROGRESS; NOT_IN_REVIEW (a second approval)
 */
export async function approveStory(deps: Deps, actor: Actor, storyId: string): Promise<Approval> {
  const result = await deps.db.transaction(async (trx) => {
    const loaded = await loadForTransition(trx, storyId);
    const approved = await approveInTransaction(deps, trx, actor, loaded, "approve");
    // An admin's approval (the back office's or the CLI's) is an admin change; the client's own is the job's activity.
    await recordAudit(trx, {
      actor,
      action: "stories.approve",
      recordId: storyId,
      before: { deliveryStatus: loaded.story.delivery.status },
      after: { deliveryStatus: "approved" },
      at: deps.now(),
    });
    return approved;
  });
  return { story: await reload(deps.db, storyId), ...result };
}

/**
 * The queue's auto-approval at a story's review deadline: approves as `system` only if the story is still in review
 * in the submission the timer was set for; anything else (approved, changes requested, resubmitted, disputed, the
 * job completed by an admin or deleted) makes it a no-op.
 * @returns the approval, or null when there was nothing to do
 */
export async function autoApproveStory(deps: Deps, data: { storyId: string; submittedAt: string }): Promise<Approval | null> {
  const submission = new Date(data.submittedAt);
  if (Number.isNaN(submission.getTime())) return null;
  const result = await deps.db.transaction(async (trx) => {
    const item = await storiesRepository.findItem(trx, data.storyId);
    if (!item || item.type !== "story") return null;
    const job = await jobsRepository.findById(trx, item.jobId, { forUpdate: true });
    const story = await storiesRepository.findStory(trx, data.storyId);
    if (!job || !story) return null;
    const decision = decideDelivery("system", "autoApprove", job, story, deliveryLimits(deps.config), submission);
    if (!decision.allowed) return null;
    return approveInTransaction(deps, trx, "system", { job, story }, "autoApprove", submission);
  });
  return result && { story: await reload(deps.db, data.storyId), ...result };
}

/**
 * The job's owner sends a story in review back with a reason, posted in the story's thread; after MAX_REVISIONS
 * rounds the answer is REVISION_LIMIT, whose message points to a dispute.
 * @throws STORY_NOT_FOUND; JOB_NOT_FOUND; REQUEST_CHANGES_DENIED; JOB_NOT_IN_PROGRESS; NOT_IN_REVIEW; REVISION_LIMIT
 */
export async function requestStoryChanges(deps: Deps, actor: Actor, storyId: string, input: { reason: string }): Promise<StoryRecord> {
  const reason = input.reason.trim();
  if (reason === "") throw domainError("EMPTY_REASON", { fields: { reason: "Please say what needs to change." } });
  await deps.db.transaction(async (trx) => {
    const loaded = await loadForTransition(trx, storyId);
    await move(deps, trx, actor, "requestChanges", loaded);
    // The story's thread is the task conversation table keyed by the story's id (its foreign key is any backlog item).
    await taskMessagesRepository.insert(trx, {
      taskId: storyId,
      jobId: loaded.job.id,
      senderId: actor.id,
      content: `Changes requested: ${reason}`,
      attachments: [],
    });
    await jobActivityRepository.record(trx, { jobId: loaded.job.id, actorId: actor.id, action: "story_changes_requested", details: { storyId } });
    await notify(deps, trx, {
      type: "story_changes_requested",
      actorId: actor.id,
      parties: { ownerId: loaded.job.ownerId, freelancerId: loaded.job.freelancerId },
      facts: { jobId: loaded.job.id, jobTitle: loaded.job.title, storyId, storyTitle: loaded.story.title, preview: reason },
    });
  });
  return reload(deps.db, storyId);
}

/**
 * What the actor may do to each story's delivery now: the lifecycle's decision with the story's own state.
 * @param deps the configuration (the limits)
 * @param actor the signed-in person
 * @param job the stories' job
 * @param story one story
 * @returns can and why, one entry per delivery ability
 */
export function storyAbilities(deps: Pick<ServiceDeps, "config">, actor: Actor | null, job: JobState, story: StoryRecord): StoryAbilities {
  const can = {} as StoryAbilities["can"];
  const why: StoryAbilities["why"] = {};
  for (const action of deliveryAbilityActions) {
    const decision = decideDelivery(actor, action, job, story, deliveryLimits(deps.config));
    can[action] = decision.allowed;
    if (!decision.allowed) why[action] = decision.refusal;
  }
  return { can, why };
}

/**
 * The admin override's money (lifecycle/job.ts, `complete`): every story of a paid job not yet approved is approved by
 * the admin and its milestone released through the same ledger as an approval, in the completing transaction, so a
 * job completed by hand holds nothing in escrow either (stories locked before milestones existed release nothing).
 * @param trx the transaction that completes the job, holding the job's row lock
 * @param actor the admin completing it
 * @param job the job, read under that lock
 * @returns the stories released now
 */
export async function releaseUnapprovedStories(
  deps: Pick<ServiceDeps, "config" | "queue">,
  trx: Knex.Transaction,
  actor: Actor,
  job: JobRecord,
  now: Date,
): Promise<number> {
  if (job.paymentStatus !== "paid" || !job.freelancerId) return 0;
  let released = 0;
  for (const { id, status } of await storiesRepository.deliveryStatuses(trx, job.id)) {
    if (status === "approved") continue;
    const story = await storiesRepository.findStory(trx, id);
    if (!story) continue;
    await storiesRepository.moveDelivery(trx, id, { from: [status] }, { status: "approved", approvedAt: now, approvedBy: "admin", reviewDueAt: null }, now);
    await postRelease(trx, {
      jobId: job.id,
      storyId: id,
      grossCents: story.amountCents ?? 0,
      freelancerId: job.freelancerId,
      feePercent: deps.config.delivery.platformFeePercent,
      actor: { kind: "admin", id: actor.id },
    });
    released++;
  }
  if (released > 0) await queuePayout(deps, trx, job.freelancerId);
  return released;
}
