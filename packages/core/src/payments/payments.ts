/**
 * Pure payment rules: the amount charged, the built-in test provider's cards, and the one-way state machine of a
 * payment attempt and of the job it pays for. No I/O: the services apply what these functions decide.
 */
import type { ErrorCode } from "../errors.js";
import { toCents } from "../pricing/money.js";
import type { PaymentStatus } from "../policies/job-state.js";

/** The states of one payment attempt (the `payments.status` column). */
export const paymentAttemptStatuses = ["requires_payment", "processing", "succeeded", "failed", "canceled", "needs_refund", "refunded"] as const;

/** The state of one payment attempt. */
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];

/** What a provider event (a webhook, the test provider's confirmation, a reconciliation) says about an attempt. */
export type PaymentOutcome = "processing" | "succeeded" | "failed" | "canceled";

/** The only currency the marketplace charges in (API.md: `currency: "usd"`). */
export const PAYMENT_CURRENCY = "usd";

/**
 * The amount charged for a job, in whole cents.
 * @param budget the job's budget in US dollars
 * @returns budget × 100, rounded to a whole cent
 */
export function paymentAmount(budget: number): number {
  return toCents(budget);
}

/**
 * The description sent to the card provider, as the spec words it.
 * @param title the job's title
 * @returns 'Payment for: {title}'
 */
export function paymentDescription(title: string): string {
  return `Payment for: ${title}`;
}

/** The card provider's public test numbers that the built-in test provider honours. */
export const testCards = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

/** What the built-in test provider does with a card: succeed, or refuse it with a card error code. */
export type TestCardOutcome = { status: "succeeded" } | { status: "failed"; code: Extract<ErrorCode, "CARD_DECLINED" | "INSUFFICIENT_FUNDS" | "INVALID_CARD"> };

/**
 * The built-in test provider's answer to a card number, as the card provider documents its test cards.
 * @param cardNumber the number typed; spaces and dashes are ignored
 * @returns succeeded for 4242…4242; CARD_DECLINED for 4000…0002; INSUFFICIENT_FUNDS for 4000…9995; INVALID_CARD for any other
 */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (digits === testCards.success) return { status: "succeeded" };
  if (digits === testCards.declined) return { status: "failed", code: "CARD_DECLINED" };
  if (digits === testCards.insufficientFunds) return { status: "failed", code: "INSUFFICIENT_FUNDS" };
  return { status: "failed", code: "INVALID_CARD" };
}

/**
 * Whether an attempt is finished for good: a succeeded or canceled attempt never changes again.
 * @param status the attempt's state
 * @returns true for succeeded and canceled
 */
export function isFinalAttemptStatus(status: PaymentAttemptStatus): boolean {
  return status === "succeeded" || status === "canceled" || status === "needs_refund" || status === "refunded";
}

/**
 * Whether an attempt is open: its intent may still be confirmed by the client, so a price change must cancel it.
 * @param status the attempt's state
 * @returns true for requires_payment and failed (a refused card may be retried on the same intent)
 */
export function isOpenAttempt(status: PaymentAttemptStatus): boolean {
  return status === "requires_payment" || status === "failed";
}

/** Why a provider success is not applied to the job but recorded as a charge to refund. */
export type RefundReason = "amount_changed" | "already_paid" | "attempt_canceled" | "job_deleted";

/** The wording of each refund reason, for the back office and the logs. */
export const refundReasonMessages: Record<RefundReason, string> = {
  amount_changed: "Charged an amount that is no longer the job's price.",
  already_paid: "The job was already paid by another payment.",
  attempt_canceled: "Charged on an attempt that had been canceled.",
  job_deleted: "The job was deleted.",
};

/**
 * What a provider success does (money-1, money-2): it pays the job only when the attempt was still live, the job
 * is not paid yet and the amount charged is the job's price now; any other success is a charge to refund.
 * @param input the attempt's state and amount, and the job's state and budget (both read under their row locks)
 * @returns apply, or refund with the reason
 */
export function settleSuccess(input: {
  attemptStatus: PaymentAttemptStatus;
  /** what the attempt was made for and, when the provider says, what it charged (cents) */
  amounts: number[];
  jobPaymentStatus: PaymentStatus;
  jobBudget: number;
  jobDeleted: boolean;
}): { action: "apply" } | { action: "refund"; reason: RefundReason } {
  if (input.jobDeleted) return { action: "refund", reason: "job_deleted" };
  if (input.attemptStatus === "canceled") return { action: "refund", reason: "attempt_canceled" };
  if (input.jobPaymentStatus === "paid") return { action: "refund", reason: "already_paid" };
  const price = paymentAmount(input.jobBudget);
  if (input.amounts.some((amount) => amount !== price)) return { action: "refund", reason: "amount_changed" };
  return { action: "apply" };
}

/** The card error codes a provider answers for a card's expiry date. */
export type CardExpiryRefusal = Extract<ErrorCode, "INVALID_EXPIRY_MONTH" | "INVALID_EXPIRY_YEAR" | "EXPIRED_CARD">;

/**
 * Checks a card's expiry date as the card provider's test mode does: a month outside 1–12 is invalid, a year in
 * the past (or absurdly far ahead) is invalid, and this year with a past month has expired. A card is valid through
 * the last day of its expiry month.
 * @param expMonth the month typed (1–12)
 * @param expYear the four-digit year
 * @param now the current time (UTC)
 * @returns null when the date is acceptable, else the error code to refuse the card with
 */
export function cardExpiryRefusal(expMonth: number, expYear: number, now: Date): CardExpiryRefusal | null {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return "INVALID_EXPIRY_MONTH";
  const year = now.getUTCFullYear();
  if (!Number.isInteger(expYear) || expYear < year || expYear > year + 50) return "INVALID_EXPIRY_YEAR";
  if (expYear === year && expMonth < now.getUTCMonth() + 1) return "EXPIRED_CARD";
  return null;
}

/**
 * Whether a provider event is older than the last one applied to the attempt. Webhooks may arrive out of order, and
 * an older event must not undo a newer one: a 'processing' sent before a failure but delivered after it would
 * otherwise turn the failed attempt back into a pending payment. A final outcome (succeeded, canceled) is never
 * stale: nothing follows it at the provider, so it is true whenever it arrives, even against a clock that differs.
 * @param outcome what the event reports
 * @param occurredAt when the provider says the event happened
 * @param lastAppliedAt when the last event applied to the attempt happened, or null before the first
 * @returns true when the event must be ignored
 */
export function isStalePaymentEvent(outcome: PaymentOutcome, occurredAt: Date, lastAppliedAt: Date | null): boolean {
  if (outcome === "succeeded" || outcome === "canceled") return false;
  return lastAppliedAt !== null && occurredAt.getTime() < lastAppliedAt.getTime();
}

/**
 * The next state of an attempt when an event reports an outcome; state never goes backwards. A failed attempt may
 * still succeed (the card provider lets the client retry on the same intent), a processing one may fail or succeed,
 * but nothing leaves succeeded or canceled, and a repeated outcome changes nothing.
 * @param current the attempt's state now
 * @param outcome what the event reports
 * @returns the new state, or null when the event must not change the attempt
 */
export function nextAttemptStatus(current: PaymentAttemptStatus, outcome: PaymentOutcome): PaymentAttemptStatus | null {
  if (isFinalAttemptStatus(current)) return null;
  if (current === outcome) return null;
  return outcome;
}

/**
 * The job's payment status once one of its attempts is in a state; paid is final, whatever arrives later.
 * @param current the job's payment status now
 * @param attempt the attempt's new state
 * @returns paid for a succeeded attempt, pending while processing, unpaid after a failure or cancellation
 */
export function jobPaymentStatusAfter(current: PaymentStatus, attempt: PaymentAttemptStatus): PaymentStatus {
  if (current === "paid") return "paid";
  switch (attempt) {
    // A charge to give back never pays the job, nor takes away what another attempt did.
    case "needs_refund":
    case "refunded":
      return current;
    case "succeeded":
      return "paid";
    case "processing":
      return "pending";
    case "requires_payment":
      return current;
    default:
      return "unpaid";
  }
}

/**
 * Whether an attempt may be handed to the client again instead of starting a new one: it has not succeeded,
 * is not processing and was not canceled (the provider still has to confirm the intent is usable).
 * @param status the attempt's state
 * @returns true for requires_payment and failed
 */
export function isReusableAttempt(status: PaymentAttemptStatus): boolean {
  return status === "requires_payment" || status === "failed";
}

/**
 * What a provider success does to a change request's payment (cr-3): it pays the request only while its quote is
 * open (quoted), the attempt was still live and the amount charged is the quote; any other success (a second capture,
 * a declined quote, a stale amount, a deleted job) is a real charge that must not count and is refunded.
 * @param input the attempt's state and amounts, and the request's state and quote (read under the job's row lock)
 * @returns apply, or refund with the reason
 */
export function settleChangeRequestSuccess(input: {
  attemptStatus: PaymentAttemptStatus;
  amounts: number[];
  changeRequestStatus: string;
  quoteCents: number | null;
  jobDeleted: boolean;
}): { action: "apply" } | { action: "refund"; reason: RefundReason } {
  if (input.jobDeleted) return { action: "refund", reason: "job_deleted" };
  if (input.attemptStatus === "canceled") return { action: "refund", reason: "attempt_canceled" };
  if (input.changeRequestStatus === "paid") return { action: "refund", reason: "already_paid" };
  if (input.changeRequestStatus !== "quoted") return { action: "refund", reason: "attempt_canceled" };
  if (input.amounts.some((amount) => amount !== input.quoteCents)) return { action: "refund", reason: "amount_changed" };
  return { action: "apply" };
}
