import { randomUUID } from "node:crypto";
import {
  authorize,
  cardBrandOf,
  cardExpiryRefusal,
  decideChangeRequest,
  domainError,
  errorCatalogue,
  paymentAmount,
  refusalError,
  testCardOutcome,
  type Actor,
  type ErrorCode,
  type TestConfirmBody,
} from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { changeRequestsRepository, type ChangeRequestRecord } from "../../repositories/change-requests.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { applyPaymentEvent } from "./apply-payment-event.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger" | "mailer" | "config" | "background" | "realtime">;

/**
 * Confirms a payment with the built-in test provider: the card provider's public test numbers decide the outcome,
 * which then goes through the same event path as a Stripe webhook. The card's expiry date is checked first, as the
 * card provider does (a past date, a month outside 1–12: 402, nothing charged). An attempt made for another price
 * than the job's current one is refused (409) before anything is charged; if the price changes while the charge
 * runs, the event path flags the success for refund instead of paying the job.
 * @param deps database, clock, payment provider, logger
 * @param actor the signed-in person
 * @param input the payment id and the card
 * @returns the attempt's status: succeeded
 * @throws TEST_PROVIDER_DISABLED when Stripe is configured; PAYMENT_NOT_FOUND; PAYMENT_ACCESS_DENIED; ALREADY_PAID;
 *   PAYMENT_NOT_LOCKED; PAYMENT_AMOUNT_CHANGED (409); INVALID_EXPIRY_MONTH, INVALID_EXPIRY_YEAR or EXPIRED_CARD (402,
 *   nothing recorded); CARD_DECLINED, INSUFFICIENT_FUNDS or INVALID_CARD (402) after recording the failed attempt
 */
export async function confirmTestPayment(
  deps: Deps,
  actor: Actor,
  input: TestConfirmBody,
): Promise<{ status: "succeeded"; jobId: number; changeRequest: ChangeRequestRecord | null }> {
  if (deps.payments.name !== "test") throw domainError("TEST_PROVIDER_DISABLED");
  const payment = await paymentsRepository.findById(deps.db, input.paymentId);
  if (!payment || payment.provider !== "test" || !payment.providerPaymentId) throw domainError("PAYMENT_NOT_FOUND");
  const job = await loadLiveJob(deps.db, payment.jobId);
  if (payment.changeRequestId) {
    // A change request's quote (cr-3): its own lifecycle decides who pays it and whether it is still open.
    const request = await changeRequestsRepository.findById(deps.db, payment.changeRequestId);
    if (!request) throw domainError("PAYMENT_NOT_FOUND");
    if (payment.status === "succeeded") throw domainError("ALREADY_PAID");
    const decision = decideChangeRequest(actor, "pay", job, request);
    if (!decision.allowed) throw refusalError(decision.refusal);
    if (payment.amount !== request.priceCents || payment.status === "canceled") throw domainError("PAYMENT_AMOUNT_CHANGED");
  } else {
    authorize(actor, "pay", job);
    if (payment.status === "succeeded") throw domainError("ALREADY_PAID");
    // A canceled attempt with an intent was closed by a price change (the test provider's only reason to cancel one).
    if (payment.amount !== paymentAmount(job.budget) || payment.status === "canceled") throw domainError("PAYMENT_AMOUNT_CHANGED");
  }
  if (payment.status !== "requires_payment" && payment.status !== "failed") throw domainError("PAYMENT_NOT_FOUND");
  const expiry = cardExpiryRefusal(input.expMonth, input.expYear, deps.now());
  if (expiry) throw domainError(expiry);

  const outcome = testCardOutcome(input.cardNumber);
  const type = outcome.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
  const lastError = outcome.status === "failed" ? errorCatalogue[outcome.code].message.replace(/^Card error: /, "") : null;
  const applied = await applyPaymentEvent(
    deps,
    {
      id: `evt_test_${randomUUID().replace(/-/g, "")}`,
      type,
      intentId: payment.providerPaymentId,
      paymentId: payment.id,
      outcome: outcome.status,
      lastError,
      amount: payment.amount,
      occurredAt: null,
      // Never the card number: only its brand and last four digits, as a provider would keep (the receipt prints them).
      payload: {
        type,
        provider: "test",
        data: { object: { id: payment.providerPaymentId, amount: payment.amount, brand: cardBrandOf(input.cardNumber), last4: input.cardNumber.slice(-4) } },
      },
    },
    actor.id,
  );
  if (outcome.status === "failed") throw domainError(outcome.code);
  if (applied.status !== "succeeded") throw domainError(refusalOf(applied.refund));
  // What the payment changed, so the caller need not read it again: a paid change request is now approved.
  const changeRequest = payment.changeRequestId ? ((await changeRequestsRepository.findById(deps.db, payment.changeRequestId)) ?? null) : null;
  return { status: "succeeded", jobId: job.id, changeRequest };
}

/** Why a charge that went through did not pay the job (it was flagged for refund, or another request paid first). */
function refusalOf(reason: string | null): ErrorCode {
  if (reason === "amount_changed" || reason === "attempt_canceled") return "PAYMENT_AMOUNT_CHANGED";
  if (reason === "job_deleted") return "JOB_NOT_FOUND";
  return "ALREADY_PAID";
}
