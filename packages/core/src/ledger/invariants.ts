/**
 * The money ledger's invariants (issue 18), as pure checks over stored transactions: what `ledger:verify` runs over
 * the whole database and what the property tests run over random sequences. Also a job's money summary, read from
 * the same entries.
 */
import type { JobStatus } from "../policies/job-state.js";
import { heldAccountKinds, ledgerAccountName, type LedgerAccount } from "./accounts.js";
import { LedgerRuleError, type LedgerTransactionDraft } from "./transactions.js";

/** A stored transaction: a draft with its id (the order it was written in, per job) and time. */
export interface LedgerTransactionRecord extends LedgerTransactionDraft {
  id: number;
  createdAt: Date;
}

/** The invariants, each with the statement `ledger:verify` and the reliability report print. */
export const ledgerInvariants = {
  transaction_balanced: "Every ledger transaction's entries sum to zero, in whole cents",
  ledger_balanced: "The whole ledger sums to zero",
  held_not_negative: "A job's escrow (and refund_due, and a freelancer's available balance) is never negative",
  released_within_paid: "Released + refunded never exceed what was paid into a job's escrow",
  story_released_once: "No story is released twice",
  completed_escrow_zero: "A completed job holds nothing in escrow",
  payments_recorded: "Every charge the payments record is captured in the ledger once, for its amount, and every refunded one refunded once",
} as const;

/** The id of an invariant. */
export type LedgerInvariant = keyof typeof ledgerInvariants;

/** One broken invariant, with the job it is about when there is one. */
export interface LedgerViolation {
  invariant: LedgerInvariant;
  jobId?: number;
  detail: string;
}

/** What the checks need to know of a job. */
export interface LedgerJob {
  id: number;
  status: JobStatus;
}

const isHeld = (account: LedgerAccount) => (heldAccountKinds as readonly string[]).includes(account.kind);
const byId = (a: LedgerTransactionRecord, b: LedgerTransactionRecord) => a.id - b.id;
const sumOf = (entries: ReadonlyArray<{ amountCents: number }>) => entries.reduce((sum, entry) => sum + entry.amountCents, 0);

/**
 * Every transaction's entries sum to zero in whole cents.
 * @param transactions the transactions to check
 * @returns one violation per unbalanced transaction
 */
export function checkTransactionsBalanced(transactions: readonly LedgerTransactionRecord[]): LedgerViolation[] {
  const violations: LedgerViolation[] = [];
  for (const transaction of transactions) {
    const whole = transaction.entries.every((entry) => Number.isSafeInteger(entry.amountCents));
    const sum = sumOf(transaction.entries);
    if (!whole || sum !== 0) {
      violations.push({
        invariant: "transaction_balanced",
        jobId: transaction.jobId,
        detail: `transaction ${transaction.id} (${transaction.kind}, ${transaction.idempotencyKey}) sums to ${sum}${whole ? "" : " with a fraction of a cent"}`,
      });
    }
  }
  return violations;
}

/**
 * The whole ledger sums to zero.
 * @param transactions every transaction
 * @returns a violation when the sum of every entry is not zero
 */
export function checkLedgerBalanced(transactions: readonly LedgerTransactionRecord[]): LedgerViolation[] {
  const sum = transactions.reduce((total, transaction) => total + sumOf(transaction.entries), 0);
  return sum === 0 ? [] : [{ invariant: "ledger_balanced", detail: `the ledger sums to ${sum}, not 0` }];
}

/**
 * Held accounts never go below zero at any point of their history (in the order transactions were written).
 * @param transactions the transactions to replay
 * @returns one violation per account, at the first transaction that took it below zero
 */
export function checkHeldNeverNegative(transactions: readonly LedgerTransactionRecord[]): LedgerViolation[] {
  const balances = new Map<string, number>();
  const flagged = new Set<string>();
  const violations: LedgerViolation[] = [];
  for (const transaction of [...transactions].sort(byId)) {
    for (const entry of transaction.entries) {
      if (!isHeld(entry.account)) continue;
      const name = ledgerAccountName(entry.account);
      const balance = (balances.get(name) ?? 0) + entry.amountCents;
      balances.set(name, balance);
      if (balance < 0 && !flagged.has(name)) {
        flagged.add(name);
        violations.push({
          invariant: "held_not_negative",
          jobId: transaction.jobId,
          detail: `${name} fell to ${balance} at transaction ${transaction.id} (${transaction.kind})`,
        });
      }
    }
  }
  return violations;
}

/** A job's money as the API shows it (`GET /api/jobs/:id/money`, a job's `money`). */
export interface JobMoneySums {
  /** captured into the job's escrow: payments that pay the job */
  paidCents: number;
  /** in the job's escrow now */
  heldCents: number;
  /** gross released out of escrow on approvals (fee included) */
  releasedCents: number;
  /** given back to the client out of escrow */
  refundedCents: number;
  /** the platform's fee on those releases */
  feeCents: number;
}

/**
 * A job's money from its transactions: what came into its escrow, what left it and how.
 * @param jobId the job
 * @param transactions the job's transactions (others are ignored)
 * @returns the sums, in whole cents
 */
export function jobMoneySums(jobId: number, transactions: readonly LedgerTransactionRecord[]): JobMoneySums {
  const sums: JobMoneySums = { paidCents: 0, heldCents: 0, releasedCents: 0, refundedCents: 0, feeCents: 0 };
  for (const transaction of transactions) {
    for (const entry of transaction.entries) {
      const inEscrow = entry.account.kind === "escrow" && entry.account.jobId === jobId;
      if (inEscrow) sums.heldCents += entry.amountCents;
      if (transaction.jobId !== jobId) continue;
      if (inEscrow && transaction.kind === "payment_captured") sums.paidCents += entry.amountCents;
      if (inEscrow && transaction.kind === "release") sums.releasedCents -= entry.amountCents;
      if (inEscrow && transaction.kind === "refund") sums.refundedCents -= entry.amountCents;
      if (entry.account.kind === "platform_fees" && transaction.kind === "release") sums.feeCents += entry.amountCents;
    }
  }
  return sums;
}

function groupByJob(transactions: readonly LedgerTransactionRecord[]): Map<number, LedgerTransactionRecord[]> {
  const groups = new Map<number, LedgerTransactionRecord[]>();
  for (const transaction of transactions) groups.set(transaction.jobId, [...(groups.get(transaction.jobId) ?? []), transaction]);
  return groups;
}

/**
 * Released plus refunded out of a job's escrow never exceed what was paid into it.
 * @param transactions the transactions to check
 * @returns one violation per job over its payments
 */
export function checkReleasedWithinPaid(transactions: readonly LedgerTransactionRecord[]): LedgerViolation[] {
  const violations: LedgerViolation[] = [];
  for (const [jobId, jobTransactions] of groupByJob(transactions)) {
    const sums = jobMoneySums(jobId, jobTransactions);
    if (sums.releasedCents + sums.refundedCents > sums.paidCents) {
      violations.push({
        invariant: "released_within_paid",
        jobId,
        detail: `released ${sums.releasedCents} + refunded ${sums.refundedCents} exceed paid ${sums.paidCents}`,
      });
    }
  }
  return violations;
}

/**
 * No story is released twice.
 * @param transactions the transactions to check
 * @returns one violation per story released more than once
 */
export function checkStoriesReleasedOnce(transactions: readonly LedgerTransactionRecord[]): LedgerViolation[] {
  const releases = new Map<string, LedgerTransactionRecord[]>();
  for (const transaction of transactions) {
    if (transaction.kind !== "release" || transaction.storyId === null) continue;
    releases.set(transaction.storyId, [...(releases.get(transaction.storyId) ?? []), transaction]);
  }
  return [...releases]
    .filter(([, list]) => list.length > 1)
    .map(([storyId, list]) => ({
      invariant: "story_released_once" as const,
      jobId: list[0]!.jobId,
      detail: `story ${storyId} released ${list.length} times (transactions ${list.map((t) => t.id).join(", ")})`,
    }));
}

/**
 * A completed job holds nothing in escrow: every cent of it was released or refunded.
 * @param transactions the transactions to check
 * @param jobs the jobs, with their status
 * @returns one violation per completed job with money still held
 */
export function checkCompletedEscrowZero(transactions: readonly LedgerTransactionRecord[], jobs: readonly LedgerJob[]): LedgerViolation[] {
  const groups = groupByJob(transactions);
  const violations: LedgerViolation[] = [];
  for (const job of jobs) {
    if (job.status !== "completed") continue;
    const { heldCents } = jobMoneySums(job.id, groups.get(job.id) ?? []);
    if (heldCents !== 0) violations.push({ invariant: "completed_escrow_zero", jobId: job.id, detail: `completed with ${heldCents} still in escrow` });
  }
  return violations;
}

/** What the ledger must agree with of a payment attempt. */
export interface LedgerPayment {
  id: string;
  jobId: number;
  amountCents: number;
  /** only succeeded (it paid the job), needs_refund and refunded (charged, not counted) were charged */
  status: string;
}

/**
 * The ledger agrees with the payments: a charged attempt has exactly one capture of its amount (into escrow when
 * it paid the job, refund_due otherwise), a refunded one exactly one refund, and nothing else is captured.
 * @param transactions the transactions to check
 * @param payments every payment attempt
 * @returns one violation per payment the ledger disagrees with
 */
export function checkPaymentsRecorded(transactions: readonly LedgerTransactionRecord[], payments: readonly LedgerPayment[]): LedgerViolation[] {
  const captures = new Map<string, LedgerTransactionRecord[]>();
  const refunds = new Map<string, LedgerTransactionRecord[]>();
  for (const transaction of transactions) {
    if (transaction.paymentId === null) continue;
    const into = transaction.kind === "payment_captured" ? captures : transaction.kind === "refund" ? refunds : null;
    into?.set(transaction.paymentId, [...(into.get(transaction.paymentId) ?? []), transaction]);
  }
  const violations: LedgerViolation[] = [];
  const flag = (payment: LedgerPayment, detail: string) =>
    violations.push({ invariant: "payments_recorded", jobId: payment.jobId, detail: `payment ${payment.id} (${payment.status}): ${detail}` });
  for (const payment of payments) {
    const charged = ["succeeded", "needs_refund", "refunded"].includes(payment.status);
    const captured = captures.get(payment.id) ?? [];
    const refunded = refunds.get(payment.id) ?? [];
    if (captured.length !== (charged ? 1 : 0)) flag(payment, `${captured.length} captures in the ledger, ${charged ? 1 : 0} expected`);
    for (const capture of captured) {
      const holding = payment.status === "succeeded" ? "escrow" : "refund_due";
      const held = capture.entries.filter((e) => e.account.kind === holding).reduce((sum, e) => sum + e.amountCents, 0);
      if (charged && held !== payment.amountCents) flag(payment, `captured ${held} into ${holding}, charged ${payment.amountCents}`);
    }
    if (refunded.length !== (payment.status === "refunded" ? 1 : 0)) flag(payment, `${refunded.length} refunds in the ledger`);
  }
  return violations;
}

/**
 * Every invariant over a set of transactions (the whole ledger for `ledger:verify`).
 * @param transactions the transactions, in any order
 * @param jobs the jobs they are about, with their status
 * @param payments every payment attempt, when the ledger is checked against them
 * @returns every violation, grouped by invariant in declaration order
 */
export function checkLedger(
  transactions: readonly LedgerTransactionRecord[],
  jobs: readonly LedgerJob[],
  payments: readonly LedgerPayment[] = [],
): LedgerViolation[] {
  return [
    ...checkTransactionsBalanced(transactions),
    ...checkLedgerBalanced(transactions),
    ...checkHeldNeverNegative(transactions),
    ...checkReleasedWithinPaid(transactions),
    ...checkStoriesReleasedOnce(transactions),
    ...checkCompletedEscrowZero(transactions, jobs),
    ...checkPaymentsRecorded(transactions, payments),
  ];
}

/**
 * Refuses a transaction that would take a held account (escrow, refund_due, available) below zero: checked under
 * the job's lock before it is written, so the invariant holds by construction and the checks above only confirm it.
 * @param draft the transaction about to be written
 * @param balanceOf the current balance of an account
 * @throws LedgerRuleError naming the account that does not hold enough
 */
export function assertHeldCovers(draft: LedgerTransactionDraft, balanceOf: (account: LedgerAccount) => number): void {
  for (const entry of draft.entries) {
    if (entry.amountCents >= 0 || !isHeld(entry.account)) continue;
    const balance = balanceOf(entry.account);
    if (balance + entry.amountCents < 0) {
      throw new LedgerRuleError(`${ledgerAccountName(entry.account)} holds ${balance}, less than the ${-entry.amountCents} of ${draft.idempotencyKey}`);
    }
  }
}
