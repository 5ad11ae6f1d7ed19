/**
 * Ledger transactions (issue 18): every movement of money is one transaction of entries summing to zero, built here
 * from the business event that causes it. The services layer only persists what these builders return.
 */
import { z } from "zod";
import type { LedgerAccount } from "./accounts.js";

/** What moved the money: a card payment captured, a story's release, a refund, a payout to a freelancer. */
export const ledgerTransactionKinds = ["payment_captured", "release", "refund", "payout"] as const;

/** The kind of a ledger transaction. */
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

/** The zod schema of a transaction kind. */
export const ledgerTransactionKindSchema = z.enum(ledgerTransactionKinds);

/** One line of a transaction: cents into (positive) or out of (negative) an account. */
export interface LedgerEntryDraft {
  account: LedgerAccount;
  amountCents: number;
}

/** A transaction before it is stored: what a builder returns. */
export interface LedgerTransactionDraft {
  kind: LedgerTransactionKind;
  jobId: number;
  /** the story a release (or a payout of it) is for; null otherwise */
  storyId: string | null;
  /** the payment a capture or a refund is of; null otherwise */
  paymentId: string | null;
  /** makes the transaction happen at most once, whatever the retries and processes */
  idempotencyKey: string;
  entries: LedgerEntryDraft[];
}

/** The largest amount one transaction may move: a billion dollars keeps every fee product within exact integers. */
export const MAX_LEDGER_CENTS = 100_000_000_000;

/** The platform's fee when PLATFORM_FEE_PERCENT is not set. */
export const DEFAULT_PLATFORM_FEE_PERCENT = 10;

/** The idempotency key of each kind of transaction: one capture and one refund per payment, one release per story. */
export const ledgerKeys = {
  capture: (paymentId: string) => `capture:payment:${paymentId}`,
  refundOfPayment: (paymentId: string) => `refund:payment:${paymentId}`,
  release: (storyId: string) => `release:story:${storyId}`,
  releaseOfDispute: (disputeId: string) => `release:dispute:${disputeId}`,
  refundOfDispute: (disputeId: string) => `refund:dispute:${disputeId}`,
  payout: (reference: string) => `payout:${reference}`,
  payoutReversal: (reference: string) => `payout-reversal:${reference}`,
} as const;

/** Raised when a transaction would break a money rule; the services layer turns it into a refusal. */
export class LedgerRuleError extends Error {
  override name = "LedgerRuleError";
}

function assertCents(value: number, what: string, options: { positive?: boolean } = {}): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_LEDGER_CENTS) {
    throw new LedgerRuleError(`${what} must be whole cents between 0 and ${MAX_LEDGER_CENTS}, got ${value}`);
  }
  if (options.positive && value === 0) throw new LedgerRuleError(`${what} must be more than zero`);
}

/**
 * Checks that a transaction is well formed: whole cents, entries that sum to exactly zero.
 * @param draft the transaction
 * @throws LedgerRuleError when an amount is not a safe integer or the entries do not sum to zero
 */
export function assertBalanced(draft: Pick<LedgerTransactionDraft, "entries" | "idempotencyKey">): void {
  let sum = 0;
  for (const entry of draft.entries) {
    if (!Number.isSafeInteger(entry.amountCents)) throw new LedgerRuleError(`${draft.idempotencyKey}: ${entry.amountCents} is not whole cents`);
    sum += entry.amountCents;
  }
  if (sum !== 0) throw new LedgerRuleError(`${draft.idempotencyKey}: entries sum to ${sum}, not 0`);
}

/** Zero-cent lines say nothing (a 0 % fee); the transaction is kept, as the record that the event happened. */
function finish(draft: LedgerTransactionDraft): LedgerTransactionDraft {
  const result = { ...draft, entries: draft.entries.filter((entry) => entry.amountCents !== 0) };
  assertBalanced(result);
  return result;
}

/**
 * The platform's fee on a gross amount: `feePercent` of it rounded half up to the cent, in exact integer arithmetic
 * (the percent is taken to three decimals, as PLATFORM_FEE_PERCENT allows, in thousandths of a percent).
 * @param grossCents the amount released, whole cents
 * @param feePercent the fee in percent, 0 to 100
 * @returns the fee in whole cents, never more than the gross
 */
export function platformFeeCents(grossCents: number, feePercent: number): number {
  assertCents(grossCents, "gross");
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) throw new LedgerRuleError(`fee percent must be 0 to 100, got ${feePercent}`);
  const milliPercent = Math.round(feePercent * 1000);
  return Math.floor((grossCents * milliPercent + 50_000) / 100_000);
}

/**
 * A card payment captured: the money comes in from outside. A payment that pays the job is held in the job's
 * escrow; one that must not count (a doubled or stale charge) waits in the job's refund_due until it is given back.
 * @param input the payment, its job, its amount and whether it pays the job
 * @returns the balanced transaction
 */
export function paymentCapturedTransaction(input: { paymentId: string; jobId: number; amountCents: number; counts: boolean }): LedgerTransactionDraft {
  assertCents(input.amountCents, "payment", { positive: true });
  const holding: LedgerAccount = input.counts ? { kind: "escrow", jobId: input.jobId } : { kind: "refund_due", jobId: input.jobId };
  return finish({
    kind: "payment_captured",
    jobId: input.jobId,
    storyId: null,
    paymentId: input.paymentId,
    idempotencyKey: ledgerKeys.capture(input.paymentId),
    entries: [
      { account: { kind: "external_card" }, amountCents: -input.amountCents },
      { account: holding, amountCents: input.amountCents },
    ],
  });
}

/** A release's three amounts: gross out of escrow = net to the freelancer + fee to the platform. */
export interface ReleaseAmounts {
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * The amounts of a release: the fee at `feePercent` of the gross, the rest to the freelancer.
 * @param grossCents the story's amount
 * @param feePercent PLATFORM_FEE_PERCENT
 * @returns gross, fee and net, with net + fee = gross exactly
 */
export function releaseAmounts(grossCents: number, feePercent: number): ReleaseAmounts {
  const feeCents = platformFeeCents(grossCents, feePercent);
  return { grossCents, feeCents, netCents: grossCents - feeCents };
}

/**
 * A story approved: its amount leaves the job's escrow, net to the freelancer's available balance, fee to the platform.
 * @param input the job, the story, its gross amount, the freelancer and the fee percent
 * @returns the balanced transaction and its amounts
 */
export function releaseTransaction(input: { jobId: number; storyId: string; grossCents: number; freelancerId: string; feePercent: number }): {
  transaction: LedgerTransactionDraft;
  amounts: ReleaseAmounts;
} {
  const amounts = releaseAmounts(input.grossCents, input.feePercent);
  const transaction = finish({
    kind: "release",
    jobId: input.jobId,
    storyId: input.storyId,
    paymentId: null,
    idempotencyKey: ledgerKeys.release(input.storyId),
    entries: [
      { account: { kind: "escrow", jobId: input.jobId }, amountCents: -amounts.grossCents },
      { account: { kind: "freelancer_available", userId: input.freelancerId }, amountCents: amounts.netCents },
      { account: { kind: "platform_fees" }, amountCents: amounts.feeCents },
    ],
  });
  return { transaction, amounts };
}

/**
 * A dispute's release, as the admin resolving it split the held part: releaseCents out of the job's escrow, net to the
 * freelancer, the fee on what is released (not on the refunded part). Once per dispute (`release:dispute:<id>`), not
 * per story, because one dispute may cover several stories and release any part of them.
 * @param input the dispute, its job, the single story it is about (null when it covers several), the freelancer,
 *   the cents released and the fee percent
 * @returns the balanced transaction (no entries when nothing is released) and its amounts
 */
export function disputeReleaseTransaction(input: {
  disputeId: string;
  jobId: number;
  storyId: string | null;
  releaseCents: number;
  freelancerId: string;
  feePercent: number;
}): { transaction: LedgerTransactionDraft; amounts: ReleaseAmounts } {
  const amounts = releaseAmounts(input.releaseCents, input.feePercent);
  const transaction = finish({
    kind: "release",
    jobId: input.jobId,
    storyId: input.storyId,
    paymentId: null,
    idempotencyKey: ledgerKeys.releaseOfDispute(input.disputeId),
    entries: [
      { account: { kind: "escrow", jobId: input.jobId }, amountCents: -amounts.grossCents },
      { account: { kind: "freelancer_available", userId: input.freelancerId }, amountCents: amounts.netCents },
      { account: { kind: "platform_fees" }, amountCents: amounts.feeCents },
    ],
  });
  return { transaction, amounts };
}

/**
 * Money given back to the client who paid: out of the job's escrow (a dispute's refund) or out of refund_due (a
 * charge that never counted).
 * @param input the job, the client, the amount, where it comes from, and its idempotency key (one per payment or
 *   per resolution); the payment when it is the refund of one
 * @returns the balanced transaction
 */
export function refundTransaction(input: {
  jobId: number;
  clientId: string;
  amountCents: number;
  from: "escrow" | "refund_due";
  idempotencyKey: string;
  paymentId?: string | null;
  storyId?: string | null;
}): LedgerTransactionDraft {
  assertCents(input.amountCents, "refund", { positive: true });
  return finish({
    kind: "refund",
    jobId: input.jobId,
    storyId: input.storyId ?? null,
    paymentId: input.paymentId ?? null,
    idempotencyKey: input.idempotencyKey,
    entries: [
      { account: { kind: input.from, jobId: input.jobId }, amountCents: -input.amountCents },
      { account: { kind: "client_refunded", userId: input.clientId }, amountCents: input.amountCents },
    ],
  });
}

/**
 * A freelancer's released money transferred to their own account.
 * @param input the freelancer, the amount, the job (and story) it was earned on and the transfer's reference
 * @returns the balanced transaction
 */
export function payoutTransaction(input: {
  jobId: number;
  storyId?: string | null;
  freelancerId: string;
  amountCents: number;
  reference: string;
}): LedgerTransactionDraft {
  assertCents(input.amountCents, "payout", { positive: true });
  return finish({
    kind: "payout",
    jobId: input.jobId,
    storyId: input.storyId ?? null,
    paymentId: null,
    idempotencyKey: ledgerKeys.payout(input.reference),
    entries: [
      { account: { kind: "freelancer_available", userId: input.freelancerId }, amountCents: -input.amountCents },
      { account: { kind: "freelancer_paid_out", userId: input.freelancerId }, amountCents: input.amountCents },
    ],
  });
}

/**
 * A transfer that came back (reversed by the provider, or refused after it was reserved): the paid-out amount returns
 * to the freelancer's available balance, once per payout.
 * @param input the freelancer, the amount that came back, the job (and story) it was earned on and the payout's reference
 * @returns the balanced transaction
 */
export function payoutReversalTransaction(input: {
  jobId: number;
  storyId?: string | null;
  freelancerId: string;
  amountCents: number;
  reference: string;
}): LedgerTransactionDraft {
  assertCents(input.amountCents, "payout reversal", { positive: true });
  return finish({
    kind: "payout",
    jobId: input.jobId,
    // Names the story like its payout: the earnings list sums the story's paid-out entries, which this brings to zero.
    storyId: input.storyId ?? null,
    paymentId: null,
    idempotencyKey: ledgerKeys.payoutReversal(input.reference),
    entries: [
      { account: { kind: "freelancer_paid_out", userId: input.freelancerId }, amountCents: -input.amountCents },
      { account: { kind: "freelancer_available", userId: input.freelancerId }, amountCents: input.amountCents },
    ],
  });
}
