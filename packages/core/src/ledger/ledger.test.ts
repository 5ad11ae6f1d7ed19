import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerAccountName, ledgerAccountOf, ledgerAccountSchema, type LedgerAccount } from "./accounts.js";
import {
  assertHeldCovers,
  checkCompletedEscrowZero,
  checkHeldNeverNegative,
  checkLedger,
  checkLedgerBalanced,
  checkPaymentsRecorded,
  checkReleasedWithinPaid,
  checkStoriesReleasedOnce,
  checkTransactionsBalanced,
  jobMoneySums,
  type LedgerJob,
  type LedgerTransactionRecord,
} from "./invariants.js";
import {
  assertBalanced,
  LedgerRuleError,
  paymentCapturedTransaction,
  payoutTransaction,
  platformFeeCents,
  refundTransaction,
  releaseAmounts,
  releaseTransaction,
  type LedgerTransactionDraft,
} from "./transactions.js";

const CLIENT = "client-1";
const FREELANCER = "freelancer-1";
let nextId = 1;
const stored = (draft: LedgerTransactionDraft): LedgerTransactionRecord => ({ ...draft, id: nextId++, createdAt: new Date(0) });

const paid = (jobId: number, cents: number, paymentId = `p${jobId}-${nextId}`) =>
  stored(paymentCapturedTransaction({ paymentId, jobId, amountCents: cents, counts: true }));
const released = (jobId: number, story: number, cents: number) =>
  stored(releaseTransaction({ jobId, storyId: `story-${story}`, grossCents: cents, freelancerId: FREELANCER, feePercent: 10 }).transaction);
const refunded = (jobId: number, cents: number, key = `refund:${nextId}`) =>
  stored(refundTransaction({ jobId, clientId: CLIENT, amountCents: cents, from: "escrow", idempotencyKey: key }));

describe("accounts are a closed, typed set", () => {
  it("an account is one of the declared kinds, with an owner where the kind has one", () => {
    expect(ledgerAccountSchema.safeParse({ kind: "escrow", jobId: 3 }).success).toBe(true);
    expect(ledgerAccountSchema.safeParse({ kind: "escrow" }).success).toBe(false);
    expect(ledgerAccountSchema.safeParse({ kind: "petty_cash" }).success).toBe(false);
    expect(ledgerAccountSchema.safeParse({ kind: "freelancer_available", userId: "" }).success).toBe(false);
  });

  it("an account survives being stored as kind and owner, and is named kind:owner", () => {
    const accounts: LedgerAccount[] = [
      { kind: "external_card" },
      { kind: "platform_fees" },
      { kind: "escrow", jobId: 12 },
      { kind: "refund_due", jobId: 12 },
      { kind: "freelancer_available", userId: "u-1" },
      { kind: "freelancer_paid_out", userId: "u-1" },
      { kind: "client_refunded", userId: "u-2" },
    ];
    for (const account of accounts) {
      const [kind, ...owner] = ledgerAccountName(account).split(":");
      expect(ledgerAccountOf(kind!, owner.length ? owner.join(":") : null)).toEqual(account);
    }
    expect(ledgerAccountName({ kind: "escrow", jobId: 12 })).toBe("escrow:12");
    expect(() => ledgerAccountOf("escrow", null)).toThrow();
  });
});

describe("the platform fee is PLATFORM_FEE_PERCENT of the gross, rounded to the cent", () => {
  it("10 % of 12 345 cents is 1 235 (half up), and net + fee = gross", () => {
    expect(platformFeeCents(12_345, 10)).toBe(1_235);
    expect(platformFeeCents(12_344, 10)).toBe(1_234);
    expect(releaseAmounts(12_345, 10)).toEqual({ grossCents: 12_345, feeCents: 1_235, netCents: 11_110 });
    expect(platformFeeCents(100, 12.5)).toBe(13);
    expect(platformFeeCents(0, 10)).toBe(0);
  });

  it("the fee is whole cents, within half a cent of the exact percentage, never more than the gross", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, basisPoints) => {
        const percent = basisPoints / 100;
        const { feeCents, netCents } = releaseAmounts(gross, percent);
        expect(Number.isSafeInteger(feeCents)).toBe(true);
        expect(feeCents + netCents).toBe(gross);
        expect(Math.abs(feeCents - (gross * basisPoints) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(feeCents).toBeLessThanOrEqual(gross);
      }),
    );
  });

  it("refuses fractions of a cent and percentages outside 0–100", () => {
    expect(() => platformFeeCents(10.5, 10)).toThrow(LedgerRuleError);
    expect(() => platformFeeCents(100, 101)).toThrow(LedgerRuleError);
    expect(() => platformFeeCents(100, -1)).toThrow(LedgerRuleError);
  });
});

describe("builders return balanced transactions", () => {
  it("payment captured: from the card into the job's escrow, or into refund_due when it does not count", () => {
    const counts = paymentCapturedTransaction({ paymentId: "p", jobId: 7, amountCents: 22_000, counts: true });
    expect(counts).toMatchObject({ kind: "payment_captured", jobId: 7, paymentId: "p", idempotencyKey: "capture:payment:p" });
    expect(counts.entries).toEqual([
      { account: { kind: "external_card" }, amountCents: -22_000 },
      { account: { kind: "escrow", jobId: 7 }, amountCents: 22_000 },
    ]);
    const doubled = paymentCapturedTransaction({ paymentId: "q", jobId: 7, amountCents: 22_000, counts: false });
    expect(doubled.entries[1]).toEqual({ account: { kind: "refund_due", jobId: 7 }, amountCents: 22_000 });
    expect(() => paymentCapturedTransaction({ paymentId: "p", jobId: 7, amountCents: 0, counts: true })).toThrow(LedgerRuleError);
  });

  it("release: gross out of escrow, net to the freelancer, fee to the platform, keyed by the story", () => {
    const { transaction, amounts } = releaseTransaction({ jobId: 7, storyId: "story-70", grossCents: 5_000, freelancerId: FREELANCER, feePercent: 10 });
    expect(amounts).toEqual({ grossCents: 5_000, feeCents: 500, netCents: 4_500 });
    expect(transaction).toMatchObject({ kind: "release", storyId: "story-70", idempotencyKey: "release:story:story-70" });
    expect(transaction.entries).toEqual([
      { account: { kind: "escrow", jobId: 7 }, amountCents: -5_000 },
      { account: { kind: "freelancer_available", userId: FREELANCER }, amountCents: 4_500 },
      { account: { kind: "platform_fees" }, amountCents: 500 },
    ]);
    // A 0 % fee leaves no zero-cent line.
    expect(releaseTransaction({ jobId: 7, storyId: "story-70", grossCents: 5_000, freelancerId: FREELANCER, feePercent: 0 }).transaction.entries).toHaveLength(
      2,
    );
  });

  it("refund: out of escrow or refund_due to the client; payout: available to paid out", () => {
    const refund = refundTransaction({ jobId: 7, clientId: CLIENT, amountCents: 300, from: "refund_due", idempotencyKey: "refund:payment:q", paymentId: "q" });
    expect(refund.entries).toEqual([
      { account: { kind: "refund_due", jobId: 7 }, amountCents: -300 },
      { account: { kind: "client_refunded", userId: CLIENT }, amountCents: 300 },
    ]);
    const payout = payoutTransaction({ jobId: 7, freelancerId: FREELANCER, amountCents: 4_500, reference: "tr_1" });
    expect(payout).toMatchObject({ kind: "payout", idempotencyKey: "payout:tr_1" });
    expect(payout.entries.map((e) => e.amountCents)).toEqual([-4_500, 4_500]);
  });

  it("assertBalanced refuses entries that do not sum to zero or hold a fraction of a cent", () => {
    const account: LedgerAccount = { kind: "platform_fees" };
    expect(() => assertBalanced({ idempotencyKey: "k", entries: [{ account, amountCents: 1 }] })).toThrow(/sum to 1/);
    expect(() =>
      assertBalanced({
        idempotencyKey: "k",
        entries: [
          { account, amountCents: 0.5 },
          { account, amountCents: -0.5 },
        ],
      }),
    ).toThrow(/whole cents/);
    expect(() => assertBalanced({ idempotencyKey: "k", entries: [] })).not.toThrow();
  });
});

describe("[money-6] every transaction, and so the ledger, sums to zero", () => {
  it("flags a transaction whose entries do not balance, and the ledger with it", () => {
    const good = paid(1, 1_000);
    const bad = { ...paid(1, 1_000), entries: [{ account: { kind: "escrow", jobId: 1 } as LedgerAccount, amountCents: 1_000 }] };
    expect(checkTransactionsBalanced([good])).toEqual([]);
    expect(checkTransactionsBalanced([good, bad])).toEqual([expect.objectContaining({ invariant: "transaction_balanced", jobId: 1 })]);
    expect(checkLedgerBalanced([good])).toEqual([]);
    expect(checkLedgerBalanced([good, bad])).toEqual([expect.objectContaining({ invariant: "ledger_balanced" })]);
  });
});

describe("[money-7] a job's escrow is never negative", () => {
  it("flags the first transaction that takes escrow below zero, even if a later payment covers it", () => {
    const violations = checkHeldNeverNegative([released(2, 20, 500), paid(2, 1_000)]);
    expect(violations).toEqual([expect.objectContaining({ invariant: "held_not_negative", jobId: 2, detail: expect.stringContaining("escrow:2") })]);
    expect(checkHeldNeverNegative([paid(2, 1_000), released(2, 21, 500)])).toEqual([]);
  });

  it("assertHeldCovers refuses a release or refund larger than what is held", () => {
    const release = releaseTransaction({ jobId: 3, storyId: "story-30", grossCents: 600, freelancerId: FREELANCER, feePercent: 10 }).transaction;
    expect(() => assertHeldCovers(release, () => 599)).toThrow(LedgerRuleError);
    expect(() => assertHeldCovers(release, () => 600)).not.toThrow();
    // Crediting accounts needs nothing held.
    expect(() => assertHeldCovers(paymentCapturedTransaction({ paymentId: "x", jobId: 3, amountCents: 1, counts: true }), () => 0)).not.toThrow();
  });
});

describe("[money-8] released + refunded never exceed what was paid", () => {
  it("flags a job whose releases and refunds add up to more than its payments", () => {
    expect(checkReleasedWithinPaid([paid(4, 1_000), released(4, 40, 600), refunded(4, 400)])).toEqual([]);
    expect(checkReleasedWithinPaid([paid(4, 1_000), released(4, 41, 600), refunded(4, 401)])).toEqual([
      expect.objectContaining({ invariant: "released_within_paid", jobId: 4 }),
    ]);
  });

  it("a charge that never counted and its refund are neither paid nor refunded for the job", () => {
    const doubled = stored(paymentCapturedTransaction({ paymentId: "dbl", jobId: 5, amountCents: 900, counts: false }));
    const back = stored(refundTransaction({ jobId: 5, clientId: CLIENT, amountCents: 900, from: "refund_due", idempotencyKey: "r" }));
    expect(jobMoneySums(5, [paid(5, 900), doubled, back])).toEqual({ paidCents: 900, heldCents: 900, releasedCents: 0, refundedCents: 0, feeCents: 0 });
    expect(checkLedger([doubled, back], [])).toEqual([]);
  });
});

describe("[money-9] no story is released twice", () => {
  it("flags a story with two release transactions", () => {
    const first = released(6, 60, 100);
    expect(checkStoriesReleasedOnce([paid(6, 1_000), first])).toEqual([]);
    expect(checkStoriesReleasedOnce([paid(6, 1_000), first, released(6, 60, 100)])).toEqual([
      expect.objectContaining({ invariant: "story_released_once", jobId: 6, detail: expect.stringContaining("story story-60 released 2 times") }),
    ]);
  });
});

describe("[money-10] a completed job holds nothing in escrow", () => {
  it("flags a completed job with money held, not an open one", () => {
    const history = [paid(8, 1_000), released(8, 80, 700)];
    expect(checkCompletedEscrowZero(history, [{ id: 8, status: "in_progress" }])).toEqual([]);
    expect(checkCompletedEscrowZero(history, [{ id: 8, status: "completed" }])).toEqual([
      expect.objectContaining({ invariant: "completed_escrow_zero", jobId: 8, detail: "completed with 300 still in escrow" }),
    ]);
    expect(checkCompletedEscrowZero([...history, released(8, 81, 300)], [{ id: 8, status: "completed" }])).toEqual([]);
  });
});

// A random job's life: it is paid (maybe twice, the second charge flagged and given back), its stories are approved,
// some more than once (retries, double clicks), some of its money refunded, and it ends completed or not. Each step
// goes through the builders and the guard a service runs before writing; the ledger must keep every invariant.
type Step =
  | { type: "pay"; cents: number }
  | { type: "doubled_charge"; cents: number }
  | { type: "approve"; story: number; cents: number }
  | { type: "refund"; cents: number }
  | { type: "payout"; cents: number }
  | { type: "complete" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ type: fc.constant("pay" as const), cents: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ type: fc.constant("doubled_charge" as const), cents: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({ type: fc.constant("approve" as const), story: fc.integer({ min: 1, max: 5 }), cents: fc.integer({ min: 0, max: 400_000 }) }),
  fc.record({ type: fc.constant("refund" as const), cents: fc.integer({ min: 1, max: 400_000 }) }),
  fc.record({ type: fc.constant("payout" as const), cents: fc.integer({ min: 1, max: 400_000 }) }),
  fc.record({ type: fc.constant("complete" as const) }),
);

/** What the services do: build, refuse a duplicate key, refuse what the held accounts do not cover, write. */
function run(jobId: number, steps: Step[]): { transactions: LedgerTransactionRecord[]; jobs: LedgerJob[] } {
  const transactions: LedgerTransactionRecord[] = [];
  const job: LedgerJob = { id: jobId, status: "in_progress" };
  const balance = (account: LedgerAccount) =>
    transactions.flatMap((t) => t.entries).reduce((sum, e) => (ledgerAccountName(e.account) === ledgerAccountName(account) ? sum + e.amountCents : sum), 0);
  const write = (draft: LedgerTransactionDraft) => {
    if (transactions.some((t) => t.idempotencyKey === draft.idempotencyKey)) return;
    try {
      assertHeldCovers(draft, balance);
    } catch (error) {
      if (error instanceof LedgerRuleError) return;
      throw error;
    }
    transactions.push({ ...draft, id: transactions.length + 1, createdAt: new Date(0) });
  };
  steps.forEach((s, index) => {
    // A completed job takes no more money in or out of its escrow; only payouts of what was released go on.
    if (job.status === "completed" && s.type !== "payout") return;
    if (s.type === "pay") write(paymentCapturedTransaction({ paymentId: `pay-${index}`, jobId, amountCents: s.cents, counts: true }));
    if (s.type === "doubled_charge") {
      write(paymentCapturedTransaction({ paymentId: `dbl-${index}`, jobId, amountCents: s.cents, counts: false }));
      write(refundTransaction({ jobId, clientId: CLIENT, amountCents: s.cents, from: "refund_due", idempotencyKey: `refund:payment:dbl-${index}` }));
    }
    if (s.type === "approve")
      write(releaseTransaction({ jobId, storyId: `story-${jobId}-${s.story}`, grossCents: s.cents, freelancerId: FREELANCER, feePercent: 10 }).transaction);
    if (s.type === "refund") write(refundTransaction({ jobId, clientId: CLIENT, amountCents: s.cents, from: "escrow", idempotencyKey: `refund:${index}` }));
    if (s.type === "payout") write(payoutTransaction({ jobId, freelancerId: FREELANCER, amountCents: s.cents, reference: `tr-${index}` }));
    // Completing releases or refunds whatever is still held first, as the lifecycle must.
    if (s.type === "complete") {
      const held = balance({ kind: "escrow", jobId });
      if (held > 0) write(refundTransaction({ jobId, clientId: CLIENT, amountCents: held, from: "escrow", idempotencyKey: `refund:final:${jobId}` }));
      job.status = "completed";
    }
  });
  return { transactions, jobs: [job] };
}

describe("property: random sequences of pay, approve, refund, payout and complete keep every invariant", () => {
  it("[money-6] [money-7] [money-8] [money-9] [money-10] no violation, whatever the sequence", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { transactions, jobs } = run(9, steps);
        expect(checkLedger(transactions, jobs)).toEqual([]);
        const sums = jobMoneySums(9, transactions);
        expect(sums.heldCents).toBe(sums.paidCents - sums.releasedCents - sums.refundedCents);
        expect(sums.feeCents).toBeLessThanOrEqual(sums.releasedCents);
      }),
    );
  });

  it("[money-7] without the guard before writing, random sequences break the ledger's invariants and the checks see it", () => {
    const unguarded = (steps: Step[]) => {
      const transactions: LedgerTransactionRecord[] = [];
      for (const s of steps) {
        if (s.type === "approve") transactions.push(released(10, 1_000 + s.story, s.cents));
        if (s.type === "pay") transactions.push(paid(10, s.cents));
      }
      return transactions;
    };
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const transactions = unguarded(steps);
        const overdrawn = (() => {
          let held = 0;
          for (const t of transactions) {
            held += t.kind === "payment_captured" ? t.entries[1]!.amountCents : (t.entries[0]?.amountCents ?? 0);
            if (held < 0) return true;
          }
          return false;
        })();
        const violations = checkLedger(transactions, []).map((v) => v.invariant);
        expect(violations.includes("held_not_negative")).toBe(overdrawn);
      }),
    );
  });
});

describe("[money-11] the ledger agrees with the payments: one capture per charge, one refund per refunded charge", () => {
  const charge = (id: string, status: string, amountCents = 1_000) => ({ id, jobId: 12, amountCents, status });
  const capture = (id: string, counts: boolean, cents = 1_000) => stored(paymentCapturedTransaction({ paymentId: id, jobId: 12, amountCents: cents, counts }));

  it("passes a paid job, a doubled charge given back, and attempts that never charged", () => {
    const back = stored(refundTransaction({ jobId: 12, clientId: CLIENT, amountCents: 1_000, from: "refund_due", idempotencyKey: "r", paymentId: "b" }));
    expect(
      checkPaymentsRecorded(
        [capture("a", true), capture("b", false), back],
        [charge("a", "succeeded"), charge("b", "refunded"), charge("c", "failed"), charge("d", "canceled")],
      ),
    ).toEqual([]);
  });

  it("flags a charge with no capture, two captures, a capture of another amount, or a refunded charge never refunded", () => {
    const flagged = (transactions: LedgerTransactionRecord[], payments: ReturnType<typeof charge>[]) =>
      checkPaymentsRecorded(transactions, payments).map((v) => v.detail);
    expect(flagged([], [charge("a", "succeeded")])).toEqual([expect.stringContaining("0 captures")]);
    expect(flagged([capture("a", true), capture("a", true)], [charge("a", "succeeded")])).toEqual([expect.stringContaining("2 captures")]);
    expect(flagged([capture("a", true, 999)], [charge("a", "succeeded")])).toEqual([expect.stringContaining("captured 999 into escrow")]);
    expect(flagged([capture("a", false)], [charge("a", "succeeded")])).toEqual([expect.stringContaining("captured 0 into escrow")]);
    expect(flagged([capture("b", false)], [charge("b", "refunded")])).toEqual([expect.stringContaining("0 refunds")]);
    expect(flagged([capture("c", true)], [charge("c", "failed")])).toEqual([expect.stringContaining("1 captures in the ledger, 0 expected")]);
  });
});
