import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import { releaseTransaction, payoutReversalTransaction, payoutTransaction } from "../ledger/transactions.js";
import { authorizePayouts, canPayOut, payoutAmountOfRelease, payoutKeys, reversedCentsOf } from "./payouts.js";

const freelancer: Actor = { id: "f1", userType: "freelancer", roleType: "regular" };

describe("the payout rule", () => {
  it("[payout-2] pays out only to an account the provider enabled: none, or not enabled, waits as available", () => {
    expect(canPayOut(undefined)).toBe(false);
    expect(canPayOut(null)).toBe(false);
    expect(canPayOut({ payoutsEnabled: false })).toBe(false);
    expect(canPayOut({ payoutsEnabled: true })).toBe(true);
  });

  it("[payout-2] a release owes its freelancer the net it credited them, nothing to anyone else", () => {
    const { transaction, amounts } = releaseTransaction({ jobId: 1, storyId: "s1", grossCents: 10_001, freelancerId: "f1", feePercent: 10 });
    expect(payoutAmountOfRelease(transaction, "f1")).toBe(amounts.netCents);
    expect(payoutAmountOfRelease(transaction, "someone-else")).toBe(0);
    expect(payoutAmountOfRelease({ ...transaction, kind: "refund" }, "f1")).toBe(0);
  });

  it("[payout-9] a payout and its reversal are balanced and cancel out; a reversal gives back at most what was paid", () => {
    const payout = payoutTransaction({ jobId: 1, storyId: "s1", freelancerId: "f1", amountCents: 900, reference: payoutKeys.ledgerReference(7) });
    const reversal = payoutReversalTransaction({ jobId: 1, storyId: "s1", freelancerId: "f1", amountCents: 900, reference: payoutKeys.ledgerReference(7) });
    for (const t of [payout, reversal]) expect(t.entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(payout.idempotencyKey).toBe("payout:release:7");
    expect(reversal.idempotencyKey).toBe("payout-reversal:release:7");
    const net = new Map<string, number>();
    for (const e of [...payout.entries, ...reversal.entries]) net.set(e.account.kind, (net.get(e.account.kind) ?? 0) + e.amountCents);
    expect([...net.values()]).toEqual([0, 0]);
    expect(reversedCentsOf(900, null)).toBe(900);
    expect(reversedCentsOf(900, 300)).toBe(300);
    expect(reversedCentsOf(900, 5000)).toBe(900);
    expect(reversedCentsOf(900, 0)).toBe(900);
  });

  it("[payout-7] keys: one transfer per release at the provider, its job's transfer group", () => {
    expect(payoutKeys.transfer(42)).toBe("forgehire-transfer-42");
    expect(payoutKeys.transferGroup(5)).toBe("job_5");
  });

  it("[payout-1] only freelancers set up payouts", () => {
    expect(() => authorizePayouts(freelancer)).not.toThrow();
    expect(() => authorizePayouts({ ...freelancer, userType: "client" })).toThrow(expect.objectContaining({ code: "PAYOUTS_DENIED" }));
    expect(() => authorizePayouts({ ...freelancer, userType: "admin", roleType: "admin" })).toThrow(expect.objectContaining({ code: "PAYOUTS_DENIED" }));
    expect(() => authorizePayouts(null)).toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});
