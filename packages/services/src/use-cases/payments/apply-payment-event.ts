import {
  changeRequestStory,
  isStalePaymentEvent,
  jobPaymentStatusAfter,
  nextAttemptStatus,
  settleChangeRequestSuccess,
  settleSuccess,
  type PaymentAttemptStatus,
  type RefundReason,
} from "@forgehire/core";
import type { Knex } from "knex";
import type { PaymentEvent } from "../../adapters/payments/provider.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository, type JobActivityAction } from "../../repositories/job-activity.js";
import { changeRequestsRepository } from "../../repositories/change-requests.js";
import { jobsRepository, type JobRecord } from "../../repositories/jobs.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";
import { postPaymentCaptured } from "../ledger/post-ledger.js";
import { storiesRepository } from "../../repositories/stories.js";
import { paymentTransaction } from "./lock-order.js";
import { refundPayment } from "./refund-payment.js";
import { notifyClientOfJobUpdate } from "../notifications/client-emails.js";
import { notify } from "../notifications/notify.js";
import { freezeForProviderDispute } from "../delivery/disputes.js";
import { issueReceipt } from "../billing/issue-documents.js";
import { emailDocument } from "../billing/documents.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger" | "mailer" | "config" | "realtime">;

/** What an event did: nothing (a duplicate, an unknown intent, a state that may not go back), or a change. */
export interface AppliedEvent {
  duplicate: boolean;
  paymentId: string | null;
  jobId: number | null;
  /** The attempt's new state when it changed (needs_refund, or refunded once the provider gave the money back). */
  status: PaymentAttemptStatus | null;
  /** Why a success was not applied but flagged for refund; null otherwise. */
  refund: RefundReason | null;
}

const activityOf: Partial<Record<PaymentAttemptStatus, JobActivityAction>> = {
  processing: "payment_pending",
  succeeded: "paid",
  failed: "payment_failed",
};

async function findPayment(db: Knex, event: PaymentEvent): Promise<PaymentRow | undefined> {
  if (event.intentId) {
    const byIntent = await paymentsRepository.findByProviderId(db, event.intentId);
    if (byIntent) return byIntent;
  }
  // An intent whose id we never stored (the request that created it died): its metadata names our attempt.
  if (event.paymentId && /^[0-9a-f-]{36}$/i.test(event.paymentId)) {
    const byMetadata = await paymentsRepository.findById(db, event.paymentId);
    if (byMetadata && (!byMetadata.providerPaymentId || byMetadata.providerPaymentId === event.intentId)) return byMetadata;
  }
  return undefined;
}

/**
 * The one path every provider event takes (Stripe webhook, test provider, reconciliation). Under the lock order of
 * lock-order.ts (job, then payment, then event) the event id is stored in the same transaction as its effect, so a
 * replay or a concurrent duplicate (which waits on the job lock, then finds the event stored) does nothing; the
 * attempt and the job only move forwards (a late 'processing' leaves a paid job paid), and an event older than the
 * last one applied is ignored (webhooks may arrive out of order).
 *
 * A success pays the job only when `settleSuccess` says so: the attempt was not canceled, the job is not paid yet
 * and the amount charged is the job's price now. Any other success is a real charge that must not count: the
 * attempt becomes needs_refund and the provider is asked to refund it once the transaction has committed.
 * @param deps database, clock, payment provider (for refunds), logger
 * @param event the verified event
 * @param actorId who caused it, for the activity log (null for the provider)
 * @returns what changed
 */
export async function applyPaymentEvent(deps: Deps, event: PaymentEvent, actorId: string | null = null): Promise<AppliedEvent> {
  const payment = await findPayment(deps.db, event);
  const applied = await paymentTransaction(deps, async (trx): Promise<AppliedEvent> => {
    const nothing = { duplicate: false, paymentId: payment?.id ?? null, jobId: payment?.jobId ?? null, status: null, refund: null };
    // Lock order: job, then payment, then event.
    const job = payment ? await jobsRepository.findById(trx, payment.jobId, { forUpdate: true }) : undefined;
    const current = payment ? await paymentsRepository.findById(trx, payment.id, { forUpdate: true }) : undefined;
    const isNew = await paymentsRepository.recordEvent(trx, { id: event.id, type: event.type, paymentId: payment?.id ?? null, payload: event.payload });
    if (!isNew) return { ...nothing, duplicate: true };
    // A chargeback freezes what the job still holds, in this transaction: recorded event and dispute commit together.
    if (event.dispute) {
      if (job && job.status !== "inactive") await freezeForProviderDispute(deps, trx, job, event.dispute);
      return nothing;
    }
    if (!job || !current || !event.outcome) return nothing;

    const now = deps.now();
    const eventAt = event.occurredAt ?? now;
    const record = (action: JobActivityAction, extra: Record<string, unknown> = {}) =>
      jobActivityRepository.record(trx, {
        jobId: job.id,
        actorId,
        action,
        details: { paymentId: current.id, eventId: event.id, amount: current.amount, provider: current.provider, ...extra },
      });

    if (event.outcome === "succeeded" && current.status !== "succeeded" && current.status !== "needs_refund" && current.status !== "refunded") {
      if (current.changeRequestId) {
        const settled = await settleChangeRequestPayment(trx, { job, payment: current, event, eventAt, now, actorId, record });
        await receiptOf(deps, trx, current, settled.status === "succeeded", eventAt);
        return settled;
      }
      const decision = settleSuccess({
        attemptStatus: current.status,
        amounts: [current.amount, ...(event.amount === null ? [] : [event.amount])],
        jobPaymentStatus: job.paymentStatus,
        jobBudget: job.budget,
        jobDeleted: job.status === "inactive",
      });
      if (!current.providerPaymentId && event.intentId) await paymentsRepository.attachIntent(trx, current.id, event.intentId, now);
      if (decision.action === "refund") {
        await paymentsRepository.flagForRefund(trx, current.id, decision.reason, eventAt, now);
        // Real money came in even though it does not pay the job: the ledger holds it as due back (money-11).
        await postPaymentCaptured(trx, current, false, { kind: "provider", id: actorId });
        // Every captured charge gets its receipt in the capture's commit, even one to be given back (its credit note follows).
        await receiptOf(deps, trx, current, false, eventAt);
        return { duplicate: false, paymentId: current.id, jobId: job.id, status: "needs_refund", refund: decision.reason };
      }
      await paymentsRepository.updateStatus(trx, current.id, { status: "succeeded", lastError: null, eventAt }, now);
      // In the commit that marks the payment succeeded, never apart from it (money-11).
      await postPaymentCaptured(trx, current, true, { kind: "provider", id: actorId });
      await jobsRepository.updateState(trx, job.id, { paymentStatus: "paid" }, now);
      await record("paid");
      // Only the event that pays the job gets here (a replay is a duplicate), so the client hears once.
      await notifyClientOfJobUpdate(deps, trx, job.id, "job_paid");
      // The provider's confirmation, told to the payer even when they caused it (the test card's confirm): a receipt.
      await notify(deps, trx, {
        type: "payment_received",
        actorId: null,
        parties: { ownerId: job.ownerId, freelancerId: job.freelancerId },
        facts: { jobId: job.id, jobTitle: job.title, paymentId: current.id, amountCents: current.amount },
      });
      // Last: the receipt's number holds the series' counter lock until this commit (billing/issue-documents.ts).
      await receiptOf(deps, trx, current, true, eventAt);
      return { duplicate: false, paymentId: current.id, jobId: job.id, status: "succeeded", refund: null };
    }

    const next = isStalePaymentEvent(event.outcome, eventAt, current.lastEventAt) ? null : nextAttemptStatus(current.status, event.outcome);
    if (next === null) return nothing;

    if (!current.providerPaymentId && event.intentId) await paymentsRepository.attachIntent(trx, current.id, event.intentId, now);
    await paymentsRepository.updateStatus(trx, current.id, { status: next, lastError: next === "failed" ? event.lastError : null, eventAt }, now);
    // A change request's attempt never moves the job's own payment status: the job was paid before it was quoted.
    const paymentStatus = current.changeRequestId ? job.paymentStatus : jobPaymentStatusAfter(job.paymentStatus, next);
    if (paymentStatus !== job.paymentStatus) await jobsRepository.updateState(trx, job.id, { paymentStatus }, now);
    const action = activityOf[next];
    if (action) await record(action, event.lastError && next === "failed" ? { error: event.lastError } : {});
    return { duplicate: false, paymentId: current.id, jobId: job.id, status: next, refund: null };
  });

  if (applied.refund && applied.paymentId) {
    deps.logger.warn(
      { paymentId: applied.paymentId, jobId: applied.jobId, reason: applied.refund, eventId: event.id },
      "payment success not applied: flagged for refund",
    );
    if ((await refundPayment(deps, applied.paymentId)) === "refunded") return { ...applied, status: "refunded" };
  }
  return applied;
}

/** Issues a capture's receipt and queues its e-mail (the PDF attached by the mail worker), in the capture's transaction. */
async function receiptOf(deps: Deps, trx: Knex.Transaction, payment: PaymentRow, counts: boolean, paidAt: Date): Promise<void> {
  const { document, created } = await issueReceipt(deps, trx, payment, { counts, paidAt });
  if (created) await emailDocument(deps, trx, document);
}

/**
 * A change request's capture (cr-3), in the event's transaction under the job's row lock: when its quote is still open
 * and the amount is the quote, the attempt succeeds, its money is captured into the job's escrow, and only then does
 * the request become a story of the job (building, its milestone the quote) and paid, all in this commit. Any other
 * success (a second capture, a declined quote, a stale amount) is held as due back and refunded.
 */
async function settleChangeRequestPayment(
  trx: Knex.Transaction,
  input: {
    job: JobRecord;
    payment: PaymentRow;
    event: PaymentEvent;
    eventAt: Date;
    now: Date;
    actorId: string | null;
    record: (action: JobActivityAction, extra?: Record<string, unknown>) => Promise<void>;
  },
): Promise<AppliedEvent> {
  const { job, payment, event, eventAt, now } = input;
  const request = await changeRequestsRepository.findById(trx, payment.changeRequestId!, { forUpdate: true });
  const decision = settleChangeRequestSuccess({
    attemptStatus: payment.status,
    amounts: [payment.amount, ...(event.amount === null ? [] : [event.amount])],
    changeRequestStatus: request?.status ?? "declined",
    quoteCents: request?.priceCents ?? null,
    jobDeleted: job.status === "inactive" || job.status === "completed",
  });
  if (!payment.providerPaymentId && event.intentId) await paymentsRepository.attachIntent(trx, payment.id, event.intentId, now);
  const ledgerActor = { kind: "provider" as const, id: input.actorId };
  if (decision.action === "refund") {
    await paymentsRepository.flagForRefund(trx, payment.id, decision.reason, eventAt, now);
    await postPaymentCaptured(trx, payment, false, ledgerActor);
    return { duplicate: false, paymentId: payment.id, jobId: job.id, status: "needs_refund", refund: decision.reason };
  }
  await paymentsRepository.updateStatus(trx, payment.id, { status: "succeeded", lastError: null, eventAt }, now);
  await postPaymentCaptured(trx, payment, true, ledgerActor);
  const [story] = await storiesRepository.insertDrafts(trx, job.id, [changeRequestStory(request!.description)], { locked: true });
  await storiesRepository.setAmountCents(trx, story!.id, request!.priceCents!, now);
  await changeRequestsRepository.markPaid(trx, request!.id, story!.id, now);
  await input.record("change_request_paid", { changeRequestId: request!.id, storyId: story!.id, priceCents: request!.priceCents });
  return { duplicate: false, paymentId: payment.id, jobId: job.id, status: "succeeded", refund: null };
}
