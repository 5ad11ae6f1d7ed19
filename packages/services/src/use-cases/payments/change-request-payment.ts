import { decideChangeRequest, domainError, isReusableAttempt, PAYMENT_CURRENCY, paymentDescription, refusalError, type Actor } from "@forgehire/core";
import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import { changeRequestsRepository, type ChangeRequestRecord } from "../../repositories/change-requests.js";
import type { JobRecord } from "../../repositories/jobs.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { cancelIntentsAtProvider } from "./cancel-open-attempts.js";
import { handOutIntent, type PaymentIntentResult } from "./create-payment-intent.js";
import { paymentTransaction } from "./lock-order.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger">;

/** The idempotency key of a change request's attempt: its own, never one of the job's. */
const idempotencyKeyOf = (changeRequestId: string, attempt: number) => `forgehire-change-request-${changeRequestId}-attempt-${attempt}`;

/** The reason stored on a declined request's open attempts. */
export const DECLINED_REASON = "The change request was declined; this payment was canceled.";

/**
 * A change request and its job, read under the lock order of lock-order.ts: the job's row first, then the request's.
 * @throws CHANGE_REQUEST_NOT_FOUND; JOB_NOT_FOUND for a deleted job
 */
export async function lockChangeRequest(trx: Knex, changeRequestId: string): Promise<{ job: JobRecord; request: ChangeRequestRecord }> {
  const found = await changeRequestsRepository.findById(trx, changeRequestId);
  if (!found) throw domainError("CHANGE_REQUEST_NOT_FOUND");
  const job = await loadLiveJob(trx, found.jobId, { forUpdate: true });
  const request = (await changeRequestsRepository.findById(trx, changeRequestId, { forUpdate: true }))!;
  return { job, request };
}

/**
 * Starts (or resumes) paying a change request's quote, as the job's own payment is paid: one attempt and one provider
 * intent at a time, for the quote in cents, keyed to the request (payments.change_request_id). The capture that
 * follows (test confirm, Stripe's payment_intent.succeeded) makes it a story of the job (apply-payment-event.ts).
 * @param deps database, clock, payment provider, logger
 * @param actor the job's owner or an admin
 * @param changeRequestId the request
 * @returns what the browser's card form needs (the job payment intent's shape)
 * @throws CHANGE_REQUEST_NOT_FOUND; JOB_NOT_FOUND; PAYMENT_ACCESS_DENIED (not the owner or an admin);
 *   CHANGE_REQUEST_NOT_QUOTED (paid, declined, or in the job's own scope); CHANGE_NOT_ALLOWED (job completed);
 *   PAYMENT_PROCESSING (a payment in flight); the provider's own failure (upstream)
 */
export async function createChangeRequestPaymentIntent(deps: Deps, actor: Actor, changeRequestId: string): Promise<PaymentIntentResult> {
  const provider = deps.payments;
  const { payment, fresh, job } = await paymentTransaction(deps, async (trx) => {
    const { job, request } = await lockChangeRequest(trx, changeRequestId);
    const decision = decideChangeRequest(actor, "pay", job, request);
    if (!decision.allowed) throw refusalError(decision.refusal);
    const amount = request.priceCents!;
    const latest = await paymentsRepository.findLatestForChangeRequest(trx, changeRequestId);
    if (latest?.status === "processing") throw domainError("PAYMENT_PROCESSING");
    if (latest && latest.provider === provider.name && isReusableAttempt(latest.status) && latest.amount === amount) {
      return { payment: latest, fresh: false, job };
    }
    const attempt = (latest?.attempt ?? 0) + 1;
    const inserted = await paymentsRepository.insert(trx, {
      jobId: job.id,
      changeRequestId,
      userId: actor.id,
      provider: provider.name,
      amount,
      currency: PAYMENT_CURRENCY,
      attempt,
      idempotencyKey: idempotencyKeyOf(changeRequestId, attempt),
    });
    return { payment: inserted, fresh: true, job };
  });
  return handOutIntent(deps, {
    payment,
    fresh,
    description: `${paymentDescription(job.title)} (change request)`,
    restart: () => createChangeRequestPaymentIntent(deps, actor, changeRequestId),
  });
}

/**
 * The client declines a change request's quote: nothing joins the scope, and its open payment attempts are closed
 * (their intents canceled at the provider once committed, so a late capture is flagged for refund, never applied).
 * @param deps database, clock, payment provider, logger
 * @param actor the job's owner or an admin
 * @param changeRequestId the request
 * @returns the declined request
 * @throws CHANGE_REQUEST_NOT_FOUND; JOB_NOT_FOUND; CHANGE_REQUEST_DENIED; CHANGE_REQUEST_NOT_QUOTED
 */
export async function declineChangeRequest(deps: Deps, actor: Actor, changeRequestId: string): Promise<ChangeRequestRecord> {
  const { request, stale } = await paymentTransaction(deps, async (trx) => {
    const { job, request } = await lockChangeRequest(trx, changeRequestId);
    const decision = decideChangeRequest(actor, "decline", job, request);
    if (!decision.allowed) throw refusalError(decision.refusal);
    // A capture already in flight for it: the request is settled by that payment's outcome, not by a decline.
    const latest = await paymentsRepository.findLatestForChangeRequest(trx, changeRequestId);
    if (latest?.status === "processing") throw domainError("PAYMENT_PROCESSING");
    const now = deps.now();
    if (!(await changeRequestsRepository.markDeclined(trx, changeRequestId, now))) throw domainError("CHANGE_REQUEST_NOT_QUOTED");
    const stale = await paymentsRepository.cancelOpenForChangeRequest(trx, changeRequestId, DECLINED_REASON, now);
    await jobActivityRepository.record(trx, { jobId: job.id, actorId: actor.id, action: "change_request_declined", details: { changeRequestId } });
    return { request: (await changeRequestsRepository.findById(trx, changeRequestId))!, stale };
  });
  await cancelIntentsAtProvider(deps, stale);
  return request;
}
