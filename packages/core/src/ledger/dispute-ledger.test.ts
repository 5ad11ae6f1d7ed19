import { describe, expect, it } from "vitest";
import { checkHeldNeverNegative, checkReleasedWithinPaid, jobMoneySums, type LedgerTransactionRecord } from "./invariants.js";
import { disputeReleaseTransaction, ledgerKeys, paymentCapturedTransaction, refundTransaction, releaseAmounts } from "./transactions.js";

const stored = (drafts: ReturnType<typeof refundTransaction>[]): LedgerTransactionRecord[] =>
  drafts.map((draft, index) => ({ ...draft, id: index + 1, createdAt: new Date(0) }));

describe("[dispute-5] a dispute's split in the ledger", () => {
  it("releases with the fee on the released part only, refunds the rest out of escrow, once per dispute", () => {
    const { transaction, amounts } = disputeReleaseTransaction({
      disputeId: "d1",
      jobId: 7,
      storyId: null,
      releaseCents: 3_333,
      freelancerId: "f",
      feePercent: 10,
    });
    expect(amounts).toEqual(releaseAmounts(3_333, 10));
    expect(transaction.idempotencyKey).toBe(ledgerKeys.releaseOfDispute("d1"));
    expect(transaction.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    const refund = refundTransaction({ jobId: 7, clientId: "c", amountCents: 6_667, from: "escrow", idempotencyKey: ledgerKeys.refundOfDispute("d1") });
    const ledger = stored([paymentCapturedTransaction({ paymentId: "p", jobId: 7, amountCents: 10_000, counts: true }), transaction, refund]);
    expect(jobMoneySums(7, ledger)).toEqual({ paidCents: 10_000, heldCents: 0, releasedCents: 3_333, refundedCents: 6_667, feeCents: amounts.feeCents });
    expect(checkHeldNeverNegative(ledger)).toEqual([]);
    expect(checkReleasedWithinPaid(ledger)).toEqual([]);
  });

  it("releases nothing when the whole held part is refunded", () => {
    expect(
      disputeReleaseTransaction({ disputeId: "d2", jobId: 7, storyId: "s", releaseCents: 0, freelancerId: "f", feePercent: 10 }).transaction.entries,
    ).toEqual([]);
  });
});
