import { authorize, domainError, paymentAmount, paymentDescription, PAYMENT_CURRENCY, isReusableAttempt, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { cancelIntentsAtProvider, cancelOpenAttempts, PRICE_CHANGED_REASON } from "./cancel-open-attempts.js";
import { paymentTransaction } from "./lock-order.js";
import { UndoLog } from "./undo.js";

type Deps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger">;

/** What the card form needs (API.md "Payments"). */
export interface PaymentIntentResult {
  paymentId: string;
  provider: "stripe" | "test";
  clientSecret: string;
  publishableKey: string | null;
  amount: number;
  currency: "usd";
}

/** The idempotency key of a job's attempt: the same attempt always asks the provider for the same intent. */
const idempotencyKeyOf = (jobId: number, attempt: number) => `forgehire-job-${jobId}-attempt-${attempt}`;

/**
 * Starts (or resumes) paying a job: one payment attempt and one provider intent per job and attempt, for the
 * budget in cents. An attempt whose intent is still usable is handed out again, so a reload, a retry or five
 * concurrent clicks end with one intent: the job row lock picks one attempt, and the attempt's idempotency key makes
 * the provider answer every doubled create with the same intent.
 * @param deps database, clock, payment provider, logger
 * @param actor the signed-in person
 * @param jobId the job to pay
 * @returns what the browser's card form needs
 * @throws JOB_NOT_FOUND; PAYMENT_ACCESS_DENIED (not the owner); ALREADY_PAID; PAYMENT_PROCESSING (a payment in flight);
 *   PAYMENT_NOT_LOCKED (requirements not locked); the provider's own failure (upstream) after undoing what was done
 */
export async function createPaymentIntent(deps: Deps, actor: Actor, jobId: number): Promise<PaymentIntentResult> {
  const provider = deps.payments;
  const { payment, fresh, stale } = await paymentTransaction(deps, async (trx) => {
    const job = await loadLiveJob(trx, jobId, { forUpdate: true });
    authorize(actor, "pay", job);
    const amount = paymentAmount(job.budget);
    const latest = await paymentsRepository.findLatestForJob(trx, jobId);
    // The job policy refuses a job whose payment is in flight (PAYMENT_PROCESSING); this covers an attempt that is
    // processing while the job row does not say so yet (an event for it still on its way).
    if (latest?.status === "processing") throw domainError("PAYMENT_PROCESSING");
    if (latest && latest.provider === provider.name && isReusableAttempt(latest.status) && latest.amount === amount) {
      return { payment: latest, fresh: false, stale: [] };
    }
    // A new attempt: whatever older one is still open (another price, another provider) is closed first, so at
    // most one intent of the job can be confirmed at any time.
    const stale = await cancelOpenAttempts(trx, jobId, PRICE_CHANGED_REASON, deps.now());
    const attempt = (latest?.attempt ?? 0) + 1;
    const inserted = await paymentsRepository.insert(trx, {
      jobId,
      userId: actor.id,
      provider: provider.name,
      amount,
      currency: PAYMENT_CURRENCY,
      attempt,
      idempotencyKey: idempotencyKeyOf(jobId, attempt),
    });
    return { payment: inserted, fresh: true, stale };
  });
  await cancelIntentsAtProvider(deps, stale);
  const job = await loadLiveJob(deps.db, jobId);
  return handOutIntent(deps, { payment, fresh, description: paymentDescription(job.title), restart: () => createPaymentIntent(deps, actor, jobId) });
}

/**
 * Gives the card form an attempt's intent: the attempt's own one while the provider says it is usable, else a new
 * one created with the attempt's idempotency key (a doubled request gets the same intent back). An attempt whose
 * intent is no longer usable is closed and `restart` starts the next attempt. Shared by the job's own payment and a
 * change request's (cr-3), so both take the same steps and undos.
 * @param deps database, clock, payment provider, logger
 * @param input the attempt, whether this request created it, the provider's description, and how to start over
 * @returns what the browser's card form needs
 * @throws the provider's own failure (upstream) after undoing what was done
 */
export async function handOutIntent(
  deps: Deps,
  input: { payment: PaymentRow; fresh: boolean; description: string; restart: () => Promise<PaymentIntentResult> },
): Promise<PaymentIntentResult> {
  const provider = deps.payments;
  const { payment, fresh } = input;
  const jobId = payment.jobId;
  if (!fresh && payment.providerPaymentId) {
    const existing = await provider.retrieveIntent(payment.providerPaymentId);
    if (existing?.usable) return resultOf(deps, payment, existing.clientSecret);
    // Not usable any more (e.g. canceled at the provider): this attempt is over, start the next one.
    await paymentTransaction(deps, async (trx) => {
      await loadLiveJob(trx, jobId, { forUpdate: true });
      const locked = await paymentsRepository.findById(trx, payment.id, { forUpdate: true });
      if (locked && isReusableAttempt(locked.status))
        await paymentsRepository.updateStatus(trx, payment.id, { status: "canceled", lastError: existing?.lastError ?? null }, deps.now());
    });
    return input.restart();
  }

  const undo = new UndoLog(deps.logger);
  try {
    const intent = await provider.createIntent({
      paymentId: payment.id,
      jobId,
      amount: payment.amount,
      currency: payment.currency,
      description: input.description,
      idempotencyKey: payment.idempotencyKey ?? idempotencyKeyOf(jobId, payment.attempt),
    });
    undo.record("create intent", async () => {
      // Undo only what this setup made: an intent id another payment already holds (a provider answering with an
      // intent we know) belongs to that payment, and canceling it would break someone else's checkout.
      const holder = await paymentsRepository.findByProviderId(deps.db, intent.id);
      if (holder && holder.id !== payment.id) {
        deps.logger.error(
          { intentId: intent.id, paymentId: payment.id, holderId: holder.id },
          "provider answered an intent another payment holds; not canceled",
        );
        return;
      }
      await provider.cancelIntent(intent.id);
    });
    await paymentsRepository.attachIntent(deps.db, payment.id, intent.id, deps.now());
    return resultOf(deps, payment, intent.clientSecret);
  } catch (error) {
    await undo.rollback();
    // A fresh attempt that never got an intent is closed, so the next request starts a clean one.
    if (fresh) await paymentsRepository.updateStatus(deps.db, payment.id, { status: "canceled", lastError: "The payment could not be set up." }, deps.now());
    if (error instanceof Error && error.name === "DomainError") throw error;
    throw domainError("PAYMENT_SETUP_FAILED", { cause: error });
  }
}

function resultOf(deps: Deps, payment: PaymentRow, clientSecret: string): PaymentIntentResult {
  return {
    paymentId: payment.id,
    provider: deps.payments.name,
    clientSecret,
    publishableKey: deps.payments.publishableKey,
    amount: payment.amount,
    currency: "usd",
  };
}
