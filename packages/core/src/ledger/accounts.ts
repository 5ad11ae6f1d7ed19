/**
 * The accounts of the money ledger (issue 18): a closed set, never free text. An account is a kind and, where the
 * kind is per job or per person, its owner. Balances are "money in the account": an entry of +X puts X cents in,
 * -X takes them out, and every transaction's entries sum to zero.
 */
import { z } from "zod";

/**
 * - `external_card`: the outside world. Its balance is minus what card payments brought in.
 * - `escrow` (of a job): money paid for a job and held until a story is approved, refunded or disputed.
 * - `refund_due` (of a job): a charge that must not count (a doubled payment, a stale price) until it is given back.
 * - `freelancer_available` (of a user): released to a freelancer, net of the fee, not yet paid out.
 * - `freelancer_paid_out` (of a user): transferred to the freelancer's own account.
 * - `platform_fees`: the platform's fee taken at each release.
 * - `client_refunded` (of a user): given back to the client who paid.
 */
export const ledgerAccountKinds = [
  "external_card",
  "escrow",
  "refund_due",
  "freelancer_available",
  "freelancer_paid_out",
  "platform_fees",
  "client_refunded",
] as const;

/** The kind of a ledger account. */
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

const jobOwner = z.number().int().positive();
const userOwner = z.string().min(1);

/** A ledger account: its kind, and the job or user it belongs to where the kind has an owner. */
export const ledgerAccountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("external_card") }),
  z.object({ kind: z.literal("platform_fees") }),
  z.object({ kind: z.literal("escrow"), jobId: jobOwner }),
  z.object({ kind: z.literal("refund_due"), jobId: jobOwner }),
  z.object({ kind: z.literal("freelancer_available"), userId: userOwner }),
  z.object({ kind: z.literal("freelancer_paid_out"), userId: userOwner }),
  z.object({ kind: z.literal("client_refunded"), userId: userOwner }),
]);

/** A ledger account (see `ledgerAccountSchema`). */
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

/** The accounts whose balance is money the platform holds for someone and so can never go below zero. */
export const heldAccountKinds = ["escrow", "refund_due", "freelancer_available"] as const satisfies readonly LedgerAccountKind[];

/**
 * The account's owner as one text value (a job id or a user id), as it is stored beside the kind.
 * @param account the account
 * @returns the owner, or null for an account without one
 */
export function ledgerAccountOwner(account: LedgerAccount): string | null {
  if ("jobId" in account) return String(account.jobId);
  if ("userId" in account) return account.userId;
  return null;
}

/**
 * The account back from its stored kind and owner.
 * @param kind the stored kind
 * @param owner the stored owner (a job id or a user id), null for an account without one
 * @returns the account; throws when the pair is not one of the declared accounts
 */
export function ledgerAccountOf(kind: string, owner: string | null): LedgerAccount {
  const jobId = owner !== null && /^\d+$/.test(owner) ? Number(owner) : owner;
  return ledgerAccountSchema.parse(kind === "escrow" || kind === "refund_due" ? { kind, jobId } : owner === null ? { kind } : { kind, userId: owner });
}

/**
 * The account's name as the API shows it: its kind, then its owner ("escrow:12", "freelancer_available:<user id>").
 * @param account the account
 * @returns the name
 */
export function ledgerAccountName(account: LedgerAccount): string {
  const owner = ledgerAccountOwner(account);
  return owner === null ? account.kind : `${account.kind}:${owner}`;
}

/**
 * Whether two accounts are the same account.
 * @param a one account
 * @param b another
 * @returns true when kind and owner agree
 */
export function sameLedgerAccount(a: LedgerAccount, b: LedgerAccount): boolean {
  return ledgerAccountName(a) === ledgerAccountName(b);
}
