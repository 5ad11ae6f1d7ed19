import { isStalePaymentEvent, jobPaymentStatusAfter, nextAttemptStatus, type PaymentAttemptStatus } from "@forgehire/core";
import type { Knex } from "knex";
import type { PaymentEvent } from "../../adapters/payments/provider.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository, type JobActivityAction } from "../../repositories/job-activity.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";

type Deps = Pick<ServiceDeps, "db" | "now">;

/** What an event did: nothing (a duplicate, an unknown intent, a state that may not go back), or a change. */
export interface AppliedEvent {
  duplicate: boolean;
  paymentId: string | null;
  jobId: number | null;
  /** The attempt's new state when it changed. */
  status: PaymentAttemptStatus | null;
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
 * The one path every provider event takes (Stripe webhook, test provider, reconciliation): the event id is stored
 * in the same transaction as its effect, so a replay or a concurrent duplicate (which waits on the event's primary
 * key) does nothing; the attempt and the job only move forwards (a late 'processing' leaves a paid job paid), and
 * an event older than the last one applied is ignored (webhooks may arrive out of order).
 * @param deps database and clock
 * @param event the verified event
 * @param actorId who caused it, for the activity log (null for the provider)
 * @returns what changed
 */
export async function applyPaymentEvent(deps: Deps, event: PaymentEvent, actorId: string | null = null): Promise<AppliedEvent> {
  const payment = await findPayment(deps.db, event);
  return deps.db.transaction(async (trx) => {
    const isNew = await paymentsRepository.recordEvent(trx, { id: event.id, type: event.type, paymentId: payment?.id ?? null, payload: event.payload });
    if (!isNew) return { duplicate: true, paymentId: payment?.id ?? null, jobId: payment?.jobId ?? null, status: null };
    if (!payment || !event.outcome) return { duplicate: false, paymentId: payment?.id ?? null, jobId: payment?.jobId ?? null, status: null };

    // Job first, then payment: the same order as creating an intent, so the two never deadlock.
    const job = await jobsRepository.findById(trx, payment.jobId, { forUpdate: true });
    const current = await paymentsRepository.findById(trx, payment.id, { forUpdate: true });
    if (!job || !current) return { duplicate: false, paymentId: payment.id, jobId: payment.jobId, status: null };
    const now = deps.now();
    const eventAt = event.occurredAt ?? now;
    const next = isStalePaymentEvent(event.outcome, eventAt, current.lastEventAt) ? null : nextAttemptStatus(current.status, event.outcome);
    if (next === null) return { duplicate: false, paymentId: payment.id, jobId: job.id, status: null };

    if (!current.providerPaymentId && event.intentId) await paymentsRepository.attachIntent(trx, current.id, event.intentId, now);
    await paymentsRepository.updateStatus(trx, current.id, { status: next, lastError: next === "failed" ? event.lastError : null, eventAt }, now);
    const paymentStatus = jobPaymentStatusAfter(job.paymentStatus, next);
    if (paymentStatus !== job.paymentStatus) await jobsRepository.updateState(trx, job.id, { paymentStatus }, now);
    const action = activityOf[next];
    if (action) {
      await jobActivityRepository.record(trx, {
        jobId: job.id,
        actorId,
        action,
        details: { paymentId: current.id, eventId: event.id, amount: current.amount, provider: current.provider, ...(event.lastError && next === "failed" ? { error: event.lastError } : {}) },
      });
    }
    return { duplicate: false, paymentId: current.id, jobId: job.id, status: next };
  });
}
