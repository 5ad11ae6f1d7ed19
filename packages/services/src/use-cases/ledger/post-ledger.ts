import {
  assertHeldCovers,
  domainError,
  ledgerKeys,
  LedgerRuleError,
  paymentCapturedTransaction,
  refundTransaction,
  releaseAmounts,
  releaseTransaction,
  type LedgerAccount,
  type LedgerTransactionDraft,
  type LedgerTransactionRecord,
  type ReleaseAmounts,
} from "@forgehire/core";
import type { Knex } from "knex";
import { jobsRepository } from "../../repositories/jobs.js";
import { ledgerRepository, type LedgerActor } from "../../repositories/ledger.js";
import type { PaymentRow } from "../../repositories/payments.js";

/**
 * Writes one ledger transaction inside the caller's database transaction, so the money moves in the same commit as
 * the state change that causes it. The job's row is locked first (the lock order of payments/lock-order.ts: job
 * before anything else), then the held accounts the transaction draws on are read and must cover it; a key already
 * written makes the call a no-op that answers the first transaction.
 * @param trx the caller's database transaction
 * @param draft a balanced transaction from core's builders
 * @param actor who caused it
 * @returns the stored transaction and whether this call wrote it
 * @throws INSUFFICIENT_ESCROW (409) when a held account (escrow, refund_due, available) holds less than it would give
 */
export async function postLedgerTransaction(
  trx: Knex.Transaction,
  draft: LedgerTransactionDraft,
  actor: LedgerActor,
): Promise<{ transaction: LedgerTransactionRecord; created: boolean }> {
  await jobsRepository.findById(trx, draft.jobId, { forUpdate: true });
  const existing = await ledgerRepository.findByKey(trx, draft.idempotencyKey);
  if (existing) return { transaction: existing, created: false };
  const balances = new Map<string, number>();
  for (const entry of draft.entries) {
    if (entry.amountCents < 0) balances.set(JSON.stringify(entry.account), await ledgerRepository.balanceOf(trx, entry.account));
  }
  try {
    assertHeldCovers(draft, (account: LedgerAccount) => balances.get(JSON.stringify(account)) ?? 0);
  } catch (error) {
    if (error instanceof LedgerRuleError) throw domainError("INSUFFICIENT_ESCROW", { cause: error });
    throw error;
  }
  return ledgerRepository.insertOnce(trx, draft, actor);
}

/**
 * Records a card payment the provider captured, in the transaction that marks the attempt succeeded (it pays the
 * job: into escrow) or needs_refund (it must not count: into refund_due). Once per payment.
 * @param trx the transaction that changes the attempt's status
 * @param payment the attempt
 * @param counts whether it paid the job
 * @param actor who caused it (the payer confirming a test card, or the provider's webhook)
 */
export async function postPaymentCaptured(
  trx: Knex.Transaction,
  payment: Pick<PaymentRow, "id" | "jobId" | "amount">,
  counts: boolean,
  actor: LedgerActor,
): Promise<void> {
  await postLedgerTransaction(trx, paymentCapturedTransaction({ paymentId: payment.id, jobId: payment.jobId, amountCents: payment.amount, counts }), actor);
}

/**
 * Records the refund of a charge that did not count, in the transaction that marks it refunded: refund_due back to
 * the payer. A charge whose capture was never recorded (a row written before the ledger, or by hand) is captured
 * first, from what the payments table says, so refund_due never goes below zero.
 * @param trx the transaction that marks the attempt refunded
 * @param payment the attempt
 * @returns the refund's ledger transaction (its id is the refund's id) and whether this call wrote it
 */
export async function postPaymentRefund(
  trx: Knex.Transaction,
  payment: Pick<PaymentRow, "id" | "jobId" | "amount" | "userId">,
): Promise<{ transaction: LedgerTransactionRecord; created: boolean }> {
  await postPaymentCaptured(trx, payment, false, { kind: "provider", id: null });
  return postLedgerTransaction(
    trx,
    refundTransaction({
      jobId: payment.jobId,
      clientId: payment.userId,
      amountCents: payment.amount,
      from: "refund_due",
      paymentId: payment.id,
      idempotencyKey: ledgerKeys.refundOfPayment(payment.id),
    }),
    { kind: "system", id: null },
  );
}

/** What `postRelease` needs: the story's job, the story, its amount, who is paid and the fee in percent. */
export interface ReleaseInput {
  jobId: number;
  /** the story's id (a requirement_tasks uuid) */
  storyId: string;
  /** the story's `amountCents` */
  grossCents: number;
  /** the user id of the job's assigned freelancer */
  freelancerId: string;
  /** PLATFORM_FEE_PERCENT (config.delivery.platformFeePercent) */
  feePercent: number;
  /** who approved it; the system for an auto-approval (default) */
  actor?: LedgerActor;
}

/**
 * Releases an approved story's money: its gross out of the job's escrow, net to the freelancer's available balance,
 * the fee to the platform. Call it in the transaction that approves the story. Once per story (key
 * `release:story:<id>`): a retry, a double click or another process gets the first release's amounts back and
 * writes nothing.
 * @param trx the transaction that approves the story
 * @param input the job, the story, its gross, the freelancer and the fee percent
 * @returns gross, fee and net in whole cents (of the first release when the story was released already)
 * @throws INSUFFICIENT_ESCROW (409) when the job's escrow holds less than the gross
 */
export async function postRelease(trx: Knex.Transaction, input: ReleaseInput): Promise<ReleaseAmounts> {
  const { transaction } = releaseTransaction(input);
  const { transaction: stored } = await postLedgerTransaction(trx, transaction, input.actor ?? { kind: "system", id: null });
  return storedReleaseAmounts(stored, input.feePercent);
}

/** The amounts a stored release moved, read from its entries (its fee percent may have been another one). */
function storedReleaseAmounts(release: LedgerTransactionRecord, fallbackPercent: number): ReleaseAmounts {
  const grossCents = -release.entries.filter((e) => e.account.kind === "escrow").reduce((sum, e) => sum + e.amountCents, 0);
  if (release.entries.length === 0) return releaseAmounts(0, fallbackPercent);
  const feeCents = release.entries.filter((e) => e.account.kind === "platform_fees").reduce((sum, e) => sum + e.amountCents, 0);
  return { grossCents, feeCents, netCents: grossCents - feeCents };
}
