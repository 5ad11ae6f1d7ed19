import {
  authorizeBackOffice,
  canViewJobMoney,
  decideDelivery,
  disputeReleaseTransaction,
  domainError,
  ledgerKeys,
  refundTransaction,
  refusalError,
  type Actor,
  type DisputeStatus,
  type OpenDisputeBody,
  type ResolveDisputeBody,
} from "@forgehire/core";
import type { Knex } from "knex";
import { recordAudit } from "../admin/audit.js";
import type { ServiceDeps } from "../../deps.js";
import { disputesRepository, type AdminDisputeSortField, type DisputeRecord } from "../../repositories/disputes.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { changeRequestsRepository } from "../../repositories/change-requests.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";
import { storiesRepository, type StoryRecord } from "../../repositories/stories.js";
import { usersRepository } from "../../repositories/users.js";
import { taskMessagesRepository } from "../../repositories/task-messages.js";
import { loadLiveJob } from "../jobs/job-details.js";
import type { JobRecord } from "../../repositories/jobs.js";
import { postLedgerTransaction } from "../ledger/post-ledger.js";
import { queuePayout } from "../payouts/payouts.js";
import { issueCreditNote } from "../billing/issue-documents.js";
import { emailDocument } from "../billing/documents.js";
import { completeIfDelivered, deliveryLimits, move } from "./deliver-story.js";
import { notify } from "../notifications/notify.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "config" | "mailer" | "queue" | "payments" | "realtime" | "logger">;

/** The provider's idempotency key of a dispute's refund: one refund per resolution, however often it is tried. */
export const disputeRefundKeyOf = (disputeId: string) => `forgehire-refund-dispute-${disputeId}`;

/**
 * The job's owner or its assigned freelancer disputes a story (or, without one, every story not yet approved) of a
 * paid job in progress: each moves to `disputed` through the lifecycle's `dispute` transition, which clears its
 * review deadline (the queued auto-approval then finds it not in review and does nothing) and keeps approvals out,
 * so the disputed part stays in escrow until an admin resolves it. The reason is posted in each story's thread.
 * @throws EMPTY_REASON; JOB_NOT_FOUND; STORY_NOT_FOUND; DISPUTE_DENIED; JOB_NOT_IN_PROGRESS; NOT_DISPUTABLE (a story
 *   approved or already in an open dispute, or nothing left to dispute)
 */
export async function openDispute(deps: Deps, actor: Actor, jobId: number, input: OpenDisputeBody): Promise<DisputeRecord> {
  const reason = input.reason.trim();
  if (reason === "")
    throw domainError("EMPTY_REASON", { message: "Please say what the dispute is about.", fields: { reason: "Please say what the dispute is about." } });
  return deps.db.transaction(async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    // The actor and the job first, so a stranger learns nothing about the stories.
    const onJob = decideDelivery(actor, "dispute", job, null, deliveryLimits(deps.config));
    if (!onJob.allowed) throw refusalError(onJob.refusal);
    let stories: StoryRecord[];
    if (input.storyId) {
      const story = await storiesRepository.findStory(trx, input.storyId);
      if (!story || story.jobId !== job.id) throw domainError("STORY_NOT_FOUND");
      stories = [story];
    } else {
      const open = (await storiesRepository.deliveryStatuses(trx, job.id)).filter(({ status }) => status !== "approved");
      stories = [];
      for (const { id } of open) {
        const story = await storiesRepository.findStory(trx, id);
        if (story) stories.push(story);
      }
      if (stories.length === 0) throw domainError("NOT_DISPUTABLE", { message: "Every story of this project is approved already." });
    }
    for (const story of stories) await move(deps, trx, actor, "dispute", { story, job });
    const dispute = await disputesRepository.insert(trx, { jobId: job.id, storyId: input.storyId ?? null, reason, openedBy: actor.id, openedAt: deps.now() });
    for (const story of stories) {
      await taskMessagesRepository.insert(trx, { taskId: story.id, jobId: job.id, senderId: actor.id, content: `Dispute opened: ${reason}`, attachments: [] });
    }
    await jobActivityRepository.record(trx, {
      jobId: job.id,
      actorId: actor.id,
      action: "dispute_opened",
      details: { disputeId: dispute.id, storyId: dispute.storyId },
    });
    const other = actor.id === job.ownerId ? job.freelancerId : job.ownerId;
    const admins = (await trx("users").where({ user_type: "admin" }).orWhere({ role_type: "admin" }).select("id")) as Array<{ id: string }>;
    const what = stories.length === 1 ? `"${stories[0]!.title}"` : `${stories.length} stories`;
    await notifyOfDispute(deps, trx, job.id, [other, ...admins.map((admin) => admin.id)], {
      kind: "dispute_opened",
      subject: `Dispute opened: ${job.title}`,
      text: `A dispute was opened on ${what} of "${job.title}": ${reason}\nTheir money stays held until an admin resolves it.`,
    });
    await notify(deps, trx, {
      type: "dispute_opened",
      actorId: actor.id,
      parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
      facts: {
        jobId: job.id,
        jobTitle: job.title,
        disputeId: dispute.id,
        ...(stories.length === 1 && { storyId: stories[0]!.id, storyTitle: stories[0]!.title }),
        preview: reason,
      },
    });
    return dispute;
  });
}

/**
 * The card provider reports a chargeback (Stripe's charge.dispute.created) on a job's charge: what the job still
 * holds is frozen by a dispute the provider opened (`openedVia: "provider"`, no user), covering every story not yet
 * approved, each moved to `disputed` by the lifecycle's `dispute` transition as the system, so their approvals and
 * auto-approvals stop until an admin resolves it in the back office. Once per provider dispute id: called in the
 * transaction that records the provider's event, under the job's row lock, so a replay or a second delivery of the
 * same chargeback finds the dispute and opens nothing. A job with nothing left to freeze (every story approved, the
 * job not in progress, or each story already in a party's open dispute) opens none; the event stays recorded.
 * @param trx the payment event's transaction, holding the job's row lock
 * @param job the charge's job, read under that lock
 * @returns the dispute opened now, or null (recorded before, or nothing to freeze)
 */
export async function freezeForProviderDispute(
  deps: Pick<ServiceDeps, "db" | "now" | "config" | "mailer" | "logger" | "realtime">,
  trx: Knex,
  job: JobRecord,
  providerDispute: { id: string; reason: string; amount: number },
): Promise<DisputeRecord | null> {
  if (await disputesRepository.findByProviderDisputeId(trx, providerDispute.id)) return null;
  const limits = deliveryLimits(deps.config);
  const open: StoryRecord[] = [];
  for (const { id, status } of await storiesRepository.deliveryStatuses(trx, job.id)) {
    if (status === "approved" || status === "disputed") continue;
    const story = await storiesRepository.findStory(trx, id);
    if (story && decideDelivery("system", "dispute", job, story, limits).allowed) open.push(story);
  }
  if (open.length === 0) {
    deps.logger.warn({ jobId: job.id, providerDisputeId: providerDispute.id }, "card dispute on a job with nothing left to freeze: recorded only");
    return null;
  }
  const dollars = `$${(providerDispute.amount / 100).toFixed(2)}`;
  const reason = `The client disputed the card payment with their bank (${providerDispute.reason.replaceAll("_", " ")}, ${dollars}).`;
  const dispute = await disputesRepository.insertFromProvider(trx, { jobId: job.id, reason, providerDisputeId: providerDispute.id, openedAt: deps.now() });
  // The unique index is the last word; under the job's lock the check above has already answered.
  if (!dispute) return null;
  for (const story of open) {
    await move(deps, trx, "system", "dispute", { story, job });
    await taskMessagesRepository.insert(trx, { taskId: story.id, jobId: job.id, senderId: null, content: `Dispute opened: ${reason}`, attachments: [] });
  }
  await jobActivityRepository.record(trx, {
    jobId: job.id,
    actorId: null,
    action: "dispute_opened",
    details: { disputeId: dispute.id, storyId: null, providerDisputeId: providerDispute.id },
  });
  const admins = (await trx("users").where({ user_type: "admin" }).orWhere({ role_type: "admin" }).select("id")) as Array<{ id: string }>;
  await notifyOfDispute(deps, trx, job.id, [job.ownerId, job.freelancerId, ...admins.map((admin) => admin.id)], {
    kind: "dispute_opened",
    subject: `Dispute opened: ${job.title}`,
    text: `${reason}\nThe money still held for "${job.title}" (${open.length === 1 ? `"${open[0]!.title}"` : `${open.length} stories`}) stays held until an admin resolves it.`,
  });
  await notify(deps, trx, {
    type: "dispute_opened",
    actorId: null,
    parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
    facts: { jobId: job.id, jobTitle: job.title, disputeId: dispute.id, preview: reason },
  });
  return dispute;
}

/**
 * The stories a dispute holds: its story, or every disputed story of its job that no open dispute of its own holds (a
 * party's job-wide dispute excludes any other; the card provider's may come after a party's dispute of one story).
 */
async function disputedStories(trx: Knex, dispute: DisputeRecord): Promise<StoryRecord[]> {
  const heldElsewhere = dispute.storyId ? new Set<string>() : await disputesRepository.storiesInOpenStoryDisputes(trx, dispute.jobId);
  const ids = dispute.storyId
    ? [dispute.storyId]
    : (await storiesRepository.deliveryStatuses(trx, dispute.jobId))
        .filter(({ id, status }) => status === "disputed" && !heldElsewhere.has(id))
        .map(({ id }) => id);
  const stories: StoryRecord[] = [];
  for (const id of ids) {
    const story = await storiesRepository.findStory(trx, id);
    if (story) stories.push(story);
  }
  return stories;
}

/** What a resolution answers: the dispute resolved, and whether it completed the job. */
export interface DisputeResolution {
  dispute: DisputeRecord;
  jobCompleted: boolean;
}

/**
 * An admin resolves an open dispute by splitting what is held for the disputed stories (their milestones, none
 * released yet) into a release to the freelancer (with the platform's fee) and a refund to the client, which must add
 * up to it exactly. The refund goes through the payment provider first, under the job's row lock and with one
 * idempotency key per dispute, so a retry or a second process gives back once; then, in the same transaction, the
 * ledger's release and refund, the stories approved by the admin, the dispute resolved and, when every story is now
 * approved, the job completed. Of two resolutions racing, one answers and the other is refused.
 * @throws ADMIN_ONLY; DISPUTE_NOT_FOUND; DISPUTE_RESOLVED; RESOLUTION_MISMATCH; NOT_DISPUTABLE; DISPUTE_REFUND_FAILED
 */
export async function resolveDispute(deps: Deps, actor: Actor, disputeId: string, input: ResolveDisputeBody): Promise<DisputeResolution> {
  authorizeBackOffice(actor, "resolve", "disputes");
  return deps.db.transaction(async (trx) => {
    const found = await disputesRepository.findById(trx, disputeId);
    if (!found) throw domainError("DISPUTE_NOT_FOUND");
    // The lock order of payments/lock-order.ts: the job's row before anything else, then the dispute read again.
    const job = await loadLiveJob(trx, found.jobId, { forUpdate: true });
    const dispute = (await disputesRepository.findById(trx, disputeId, { forUpdate: true }))!;
    if (dispute.status !== "open") throw domainError("DISPUTE_RESOLVED");
    const stories = await disputedStories(trx, dispute);
    for (const story of stories) {
      const decision = decideDelivery(actor, "resolveDispute", job, story, deliveryLimits(deps.config));
      if (!decision.allowed) throw refusalError(decision.refusal);
    }
    if (stories.length === 0) throw domainError("NOT_DISPUTABLE", { message: "None of this dispute's stories is still in dispute." });
    const heldCents = stories.reduce((sum, story) => sum + (story.amountCents ?? 0), 0);
    if (input.releaseCents + input.refundCents !== heldCents) {
      throw domainError("RESOLUTION_MISMATCH", {
        message: `The release and the refund must add up to ${heldCents} cents, what is held for the disputed stories; they add up to ${input.releaseCents + input.refundCents}.`,
      });
    }
    const now = deps.now();
    const ledgerActor = { kind: "admin" as const, id: actor.id };
    const storyId = dispute.storyId;
    if (input.releaseCents > 0) {
      const { transaction } = disputeReleaseTransaction({
        disputeId,
        jobId: job.id,
        storyId,
        releaseCents: input.releaseCents,
        freelancerId: job.freelancerId!,
        feePercent: deps.config.delivery.platformFeePercent,
      });
      await postLedgerTransaction(trx, transaction, ledgerActor);
      // The freelancer's share goes out like any release's.
      await queuePayout(deps, trx, job.freelancerId!);
    }
    let refund: { id: number; charge: PaymentRow | undefined } | null = null;
    if (input.refundCents > 0) {
      const charge = await refundThroughProvider(deps, trx, job.id, disputeId, input.refundCents, storyId);
      const { transaction } = await postLedgerTransaction(
        trx,
        refundTransaction({
          jobId: job.id,
          clientId: job.ownerId,
          amountCents: input.refundCents,
          from: "escrow",
          storyId,
          idempotencyKey: ledgerKeys.refundOfDispute(disputeId),
        }),
        ledgerActor,
      );
      refund = { id: transaction.id, charge };
    }
    for (const story of stories) await move(deps, trx, actor, "resolveDispute", { story, job });
    const note = input.note === "" ? null : input.note;
    if (!(await disputesRepository.markResolved(trx, disputeId, { resolvedBy: actor.id, resolvedAt: now, ...input, note }))) {
      throw domainError("DISPUTE_RESOLVED");
    }
    await jobActivityRepository.record(trx, {
      jobId: job.id,
      actorId: actor.id,
      action: "dispute_resolved",
      details: { disputeId, releaseCents: input.releaseCents, refundCents: input.refundCents },
    });
    const resolved = await disputesRepository.findById(trx, disputeId);
    await recordAudit(trx, {
      actor,
      action: "disputes.resolve",
      recordId: disputeId,
      before: dispute,
      after: resolved ?? null,
      fields: ["status", "releaseCents", "refundCents", "note", "resolvedAt"],
      at: now,
    });
    const jobCompleted = await completeIfDelivered(deps, trx, job.id, stories[stories.length - 1]!.id);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await notifyOfDispute(deps, trx, job.id, [job.ownerId, job.freelancerId], {
      kind: "dispute_resolved",
      subject: `Dispute resolved: ${job.title}`,
      text:
        `The dispute on "${job.title}" was resolved: ${dollars(input.releaseCents)} released to the freelancer, ` +
        `${dollars(input.refundCents)} refunded to the client.${note ? `\n${note}` : ""}`,
    });
    await notify(deps, trx, {
      type: "dispute_resolved",
      actorId: actor.id,
      parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
      facts: { jobId: job.id, jobTitle: job.title, disputeId, releaseCents: input.releaseCents, refundCents: input.refundCents },
    });
    if (refund) {
      // Last in the commit: the credit note's number holds the series' counter lock until it ends.
      const creditNote = await issueCreditNote(deps, trx, {
        refundId: refund.id,
        jobId: job.id,
        payment: refund.charge ?? null,
        amountCents: input.refundCents,
        reason: `Dispute resolved by the platform${note ? `: ${note}` : ""}.`,
        storyTitles: stories.map((story) => story.title),
      });
      await emailDocument(deps, trx, creditNote);
    }
    return { dispute: (await disputesRepository.findById(trx, disputeId))!, jobCompleted };
  });
}

/**
 * Queues a dispute's e-mail to each recipient, in the transaction of the change. Sent whatever the recipient's
 * notice switches, as a receipt is: it is about their money being held or moved.
 */
async function notifyOfDispute(
  deps: Pick<ServiceDeps, "mailer" | "config">,
  trx: Knex,
  jobId: number,
  recipientIds: ReadonlyArray<string | null>,
  email: { kind: "dispute_opened" | "dispute_resolved"; subject: string; text: string },
): Promise<void> {
  const link = `${deps.config.publicUrl}/jobs/${jobId}`;
  for (const id of new Set(recipientIds.filter((recipient): recipient is string => recipient !== null))) {
    const user = await usersRepository.findById(trx, id);
    if (user) await deps.mailer.send({ to: user.email, kind: email.kind, jobId, subject: email.subject, text: `${email.text}\n\n${link}` }, trx);
  }
}

/**
 * Gives back a dispute's refund through the provider that took the job's payment (the built-in test provider records
 * it), on the job's captured charge. Called under the job's row lock, before the ledger records it: a provider
 * failure rolls everything back, and the idempotency key makes the retry the same refund.
 * @returns the charge refunded on, undefined when the refund is only recorded
 */
async function refundThroughProvider(
  deps: Deps,
  trx: Knex,
  jobId: number,
  disputeId: string,
  amountCents: number,
  storyId: string | null,
): Promise<PaymentRow | undefined> {
  const charges = (await paymentsRepository.listForJob(trx, jobId)).filter(
    (payment) => payment.status === "succeeded" && payment.providerPaymentId && payment.provider === deps.payments.name,
  );
  // A story a change request's quote paid for is refunded on that quote's own charge when it covers the refund (cr-3);
  // any other on the job's largest charge.
  const quoteCharge = storyId === null ? undefined : await chargeOfChangeRequestStory(trx, charges, storyId);
  const charge = quoteCharge && quoteCharge.amount >= amountCents ? quoteCharge : charges.sort((a, b) => b.amount - a.amount)[0];
  // A job paid before the provider was switched (or by hand) has no charge this provider can refund: it is recorded.
  if (!charge) return undefined;
  // Never record a refund the provider did not make: one larger than any single charge is refused, nothing changed.
  if (charge.amount < amountCents) {
    throw domainError("DISPUTE_REFUND_FAILED", {
      message: `The refund is larger than the job's largest charge (${charge.amount} cents); nothing was changed.`,
    });
  }
  try {
    await deps.payments.refund({ intentId: charge.providerPaymentId!, amount: amountCents, partial: true, idempotencyKey: disputeRefundKeyOf(disputeId) });
  } catch (error) {
    throw domainError("DISPUTE_REFUND_FAILED", { cause: error });
  }
  return charge;
}

/** The charge that paid the change request whose story this is, among the job's charges; undefined for a job's own story. */
async function chargeOfChangeRequestStory(trx: Knex, charges: PaymentRow[], storyId: string): Promise<PaymentRow | undefined> {
  const request = await changeRequestsRepository.findPaidByStory(trx, storyId);
  return request ? charges.find((charge) => charge.changeRequestId === request.id) : undefined;
}

/**
 * A job's disputes for its parties (`GET /api/jobs/:id/disputes`): open ones and resolved ones with their outcome,
 * newest first. The same people as the job's money: its owner, its assigned freelancer, admins.
 * @throws JOB_NOT_FOUND for an unknown or deleted job; DISPUTES_ACCESS_DENIED for anyone else
 */
export async function listJobDisputes(deps: Pick<ServiceDeps, "db">, actor: Actor, jobId: number): Promise<DisputeRecord[]> {
  const job = await loadLiveJob(deps.db, jobId);
  if (!canViewJobMoney(actor, job)) throw domainError("DISPUTES_ACCESS_DENIED");
  return disputesRepository.listForJob(deps.db, jobId);
}

/**
 * Disputes for the back office, newest first by default, narrowed by status, job or ids.
 * @throws ADMIN_ONLY
 */
export function listDisputesForAdmin(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  filter: { ids?: string[] | undefined; status?: DisputeStatus | undefined; jobId?: number | undefined },
  query: { sort: AdminDisputeSortField; order: "asc" | "desc"; offset: number; limit: number },
) {
  authorizeBackOffice(actor, "read", "disputes");
  return disputesRepository.list(deps.db, filter, query);
}

/**
 * One dispute of the back office.
 * @throws ADMIN_ONLY; DISPUTE_NOT_FOUND
 */
export async function getDisputeForAdmin(deps: Pick<ServiceDeps, "db">, actor: Actor, disputeId: string): Promise<DisputeRecord> {
  authorizeBackOffice(actor, "read", "disputes");
  const dispute = await disputesRepository.findById(deps.db, disputeId);
  if (!dispute) throw domainError("DISPUTE_NOT_FOUND");
  return dispute;
}
