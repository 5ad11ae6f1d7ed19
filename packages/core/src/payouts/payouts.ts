/**
 * Payouts to freelancers (issue 18, "Payouts to freelancers"): separate charges and transfers. A release credits the
 * freelancer's available balance; each release becomes one transfer to their connected account once the provider says
 * payouts are enabled there, and not before. Pure rules: the services read the accounts and the ledger, these decide.
 */
import { z } from "zod";
import { domainError } from "../errors.js";
import type { LedgerTransactionRecord } from "../ledger/invariants.js";
import type { Actor } from "../users.js";

/** Where one transfer stands: reserved (the ledger moved, the provider call not yet answered), paid, refused, or taken back. */
export const payoutStatuses = ["pending", "paid", "failed", "reversed"] as const;

/** The status of a payout. */
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * Guards setting up and listing payouts: a freelancer, for themselves only.
 * @param actor the signed-in person, or null when signed out
 * @throws UNAUTHENTICATED when signed out; PAYOUTS_DENIED for clients and admins
 */
export function authorizePayouts(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (actor.userType !== "freelancer") throw domainError("PAYOUTS_DENIED");
}

/** A freelancer's connected account, as far as the payout rule needs it. */
export interface ConnectedAccountState {
  payoutsEnabled: boolean;
}

/**
 * Whether released money may be transferred to the freelancer now: only to a connected account the provider has
 * enabled for payouts. Otherwise it waits as available, and is transferred when onboarding completes.
 * @param account the freelancer's connected account, or undefined when they never started onboarding
 */
export function canPayOut(account: ConnectedAccountState | undefined | null): boolean {
  return account?.payoutsEnabled === true;
}

/**
 * What one release owes its freelancer: the net it credited to their available balance. A release that credited them
 * nothing (a milestone of zero, a dispute released entirely as refund) owes no transfer.
 * @param release the stored release transaction
 * @param freelancerId the freelancer
 * @returns the cents to transfer, 0 when none
 */
export function payoutAmountOfRelease(release: Pick<LedgerTransactionRecord, "kind" | "entries">, freelancerId: string): number {
  if (release.kind !== "release") return 0;
  return release.entries
    .filter((entry) => entry.account.kind === "freelancer_available" && entry.account.userId === freelancerId)
    .reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** The keys that make a transfer happen at most once per release, at the provider and in our tables. */
export const payoutKeys = {
  /** the provider's idempotency key and our payouts row's unique key */
  transfer: (releaseTransactionId: number) => `forgehire-transfer-${releaseTransactionId}`,
  /** the ledger reference of the payout transaction (`payout:release:<id>`) and of its reversal */
  ledgerReference: (releaseTransactionId: number) => `release:${releaseTransactionId}`,
  /** the provider's transfer group: every transfer of one job's money */
  transferGroup: (jobId: number) => `job_${jobId}`,
} as const;

/**
 * How much of a paid transfer a reversal gives back: what the provider says was reversed, never more than was paid.
 * @param paidCents the payout's amount
 * @param reversedCents the provider's `amount_reversed` (null when it does not say: the whole transfer)
 */
export function reversedCentsOf(paidCents: number, reversedCents: number | null): number {
  if (reversedCents === null || !Number.isSafeInteger(reversedCents) || reversedCents <= 0) return paidCents;
  return Math.min(paidCents, reversedCents);
}

/** One payout as the API shows it (`GET /api/payouts`, the back office's `payouts`). */
export const payoutSchema = z.object({
  id: z.string(),
  freelancerId: z.string(),
  freelancerName: z.string(),
  jobId: z.number().int(),
  jobTitle: z.string(),
  storyId: z.string().nullable(),
  storyTitle: z.string().nullable(),
  amountCents: z.number().int(),
  reversedCents: z.number().int(),
  status: z.enum(payoutStatuses),
  provider: z.enum(["stripe", "test"]),
  providerTransferId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  updatedAt: z.string(),
});
/** One payout. */
export type Payout = z.infer<typeof payoutSchema>;

/** `GET /api/payouts`: a page of the freelancer's transfers, newest first. */
export const payoutsPageSchema = z.object({
  items: z.array(payoutSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
/** The body of `GET /api/payouts`. */
export type PayoutsPage = z.infer<typeof payoutsPageSchema>;
