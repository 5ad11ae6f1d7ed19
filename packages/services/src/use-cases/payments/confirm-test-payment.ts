import { randomUUID } from "node:crypto";
import { authorize, domainError, errorCatalogue, testCardOutcome, type Actor, type TestConfirmBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { applyPaymentEvent } from "./apply-payment-event.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments">;

/**
 * Confirms a payment with the built-in test provider: the card provider's public test numbers decide the outcome,
 * which then goes through the same event path as a Stripe webhook.
 * @param deps database, clock, payment provider
 * @param actor the signed-in person
 * @param input the payment id and the card
 * @returns the attempt's status: succeeded
 * @throws TEST_PROVIDER_DISABLED when Stripe is configured; PAYMENT_NOT_FOUND; PAYMENT_ACCESS_DENIED; ALREADY_PAID;
 *   PAYMENT_NOT_LOCKED; CARD_DECLINED, INSUFFICIENT_FUNDS or INVALID_CARD (402) after recording the failed attempt
 */
export async function confirmTestPayment(deps: Deps, actor: Actor, input: TestConfirmBody): Promise<{ status: "succeeded"; jobId: number }> {
  if (deps.payments.name !== "test") throw domainError("TEST_PROVIDER_DISABLED");
  const payment = await paymentsRepository.findById(deps.db, input.paymentId);
  if (!payment || payment.provider !== "test" || !payment.providerPaymentId) throw domainError("PAYMENT_NOT_FOUND");
  const job = await loadLiveJob(deps.db, payment.jobId);
  authorize(actor, "pay", job);
  if (payment.status === "succeeded") throw domainError("ALREADY_PAID");
  if (payment.status === "canceled") throw domainError("PAYMENT_NOT_FOUND");

  const outcome = testCardOutcome(input.cardNumber);
  const type = outcome.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
  const lastError = outcome.status === "failed" ? errorCatalogue[outcome.code].message.replace(/^Card error: /, "") : null;
  await applyPaymentEvent(
    deps,
    {
      id: `evt_test_${randomUUID().replace(/-/g, "")}`,
      type,
      intentId: payment.providerPaymentId,
      paymentId: payment.id,
      outcome: outcome.status,
      lastError,
      occurredAt: null,
      // Never the card number: only its last four digits, as a provider would keep.
      payload: { type, provider: "test", data: { object: { id: payment.providerPaymentId, amount: payment.amount, last4: input.cardNumber.slice(-4) } } },
    },
    actor.id,
  );
  if (outcome.status === "failed") throw domainError(outcome.code);
  return { status: "succeeded", jobId: job.id };
}
