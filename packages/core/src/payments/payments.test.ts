import { describe, expect, it } from "vitest";
import {
  cardExpiryRefusal,
  isOpenAttempt,
  isReusableAttempt,
  settleSuccess,
  isStalePaymentEvent,
  jobPaymentStatusAfter,
  nextAttemptStatus,
  paymentAmount,
  paymentAttemptStatuses,
  paymentDescription,
  testCardOutcome,
  type PaymentOutcome,
} from "./payments.js";

describe("paymentAmount", () => {
  it.each([
    [500, 50000],
    [1234.56, 123456],
    [0.1 + 0.2, 30],
    [1.005, 101],
  ])("%s dollars → %s cents", (dollars, cents) => {
    expect(paymentAmount(dollars)).toBe(cents);
  });
  it("describes the payment as the spec does", () => {
    expect(paymentDescription("Shop")).toBe("Payment for: Shop");
  });
});

describe("testCardOutcome", () => {
  it.each([
    ["4242 4242 4242 4242", { status: "succeeded" }],
    ["4242-4242-4242-4242", { status: "succeeded" }],
    ["4000 0000 0000 0002", { status: "failed", code: "CARD_DECLINED" }],
    ["4000000000009995", { status: "failed", code: "INSUFFICIENT_FUNDS" }],
    ["4111 1111 1111 1111", { status: "failed", code: "INVALID_CARD" }],
    ["1234", { status: "failed", code: "INVALID_CARD" }],
  ])("%s", (card, outcome) => {
    expect(testCardOutcome(card)).toEqual(outcome);
  });
});

describe("nextAttemptStatus: state never goes backwards", () => {
  const table: Record<string, Record<PaymentOutcome, string | null>> = {
    requires_payment: { processing: "processing", succeeded: "succeeded", failed: "failed", canceled: "canceled" },
    processing: { processing: null, succeeded: "succeeded", failed: "failed", canceled: "canceled" },
    failed: { processing: "processing", succeeded: "succeeded", failed: null, canceled: "canceled" },
    succeeded: { processing: null, succeeded: null, failed: null, canceled: null },
    canceled: { processing: null, succeeded: null, failed: null, canceled: null },
    needs_refund: { processing: null, succeeded: null, failed: null, canceled: null },
    refunded: { processing: null, succeeded: null, failed: null, canceled: null },
  };
  for (const current of paymentAttemptStatuses) {
    for (const [outcome, expected] of Object.entries(table[current]!)) {
      it(`${current} + ${outcome} → ${expected ?? "unchanged"}`, () => {
        expect(nextAttemptStatus(current, outcome as PaymentOutcome)).toBe(expected);
      });
    }
  }
});

describe("jobPaymentStatusAfter", () => {
  it("paid is final", () => {
    for (const attempt of paymentAttemptStatuses) expect(jobPaymentStatusAfter("paid", attempt)).toBe("paid");
  });
  it.each([
    ["unpaid", "succeeded", "paid"],
    ["pending", "succeeded", "paid"],
    ["unpaid", "processing", "pending"],
    ["pending", "failed", "unpaid"],
    ["unpaid", "failed", "unpaid"],
    ["pending", "canceled", "unpaid"],
    ["unpaid", "requires_payment", "unpaid"],
    ["unpaid", "needs_refund", "unpaid"],
    ["pending", "refunded", "pending"],
  ] as const)("%s + attempt %s → %s", (job, attempt, expected) => {
    expect(jobPaymentStatusAfter(job, attempt)).toBe(expected);
  });
});

describe("isReusableAttempt", () => {
  it("only an attempt that can still be paid is handed out again", () => {
    expect(paymentAttemptStatuses.filter(isReusableAttempt)).toEqual(["requires_payment", "failed"]);
  });
});

describe("isStalePaymentEvent: an event older than the last one applied is ignored", () => {
  const at = (seconds: number) => new Date(seconds * 1000);
  it("ignores a processing or failed event that happened before the last applied one", () => {
    expect(isStalePaymentEvent("processing", at(100), at(101))).toBe(true);
    expect(isStalePaymentEvent("failed", at(100), at(101))).toBe(true);
  });
  it("applies the first event, a later one, and one from the same moment", () => {
    expect(isStalePaymentEvent("processing", at(100), null)).toBe(false);
    expect(isStalePaymentEvent("processing", at(102), at(101))).toBe(false);
    expect(isStalePaymentEvent("failed", at(101), at(101))).toBe(false);
  });
  it("never ignores a final outcome, whenever it arrives", () => {
    expect(isStalePaymentEvent("succeeded", at(100), at(101))).toBe(false);
    expect(isStalePaymentEvent("canceled", at(100), at(101))).toBe(false);
  });
});

describe("settleSuccess: a success pays the job only for the live attempt at today's price", () => {
  const base = { attemptStatus: "requires_payment" as const, amounts: [50000], jobPaymentStatus: "unpaid" as const, jobBudget: 500, jobDeleted: false };
  it("applies a success at the job's price", () => {
    expect(settleSuccess(base)).toEqual({ action: "apply" });
    expect(settleSuccess({ ...base, attemptStatus: "processing", jobPaymentStatus: "pending" })).toEqual({ action: "apply" });
  });
  it.each([
    ["a job already paid", { jobPaymentStatus: "paid" as const }, "already_paid"],
    ["a price that changed", { jobBudget: 501 }, "amount_changed"],
    ["a provider charge of another amount", { amounts: [50000, 49900] }, "amount_changed"],
    ["a canceled attempt", { attemptStatus: "canceled" as const }, "attempt_canceled"],
    ["a deleted job", { jobDeleted: true }, "job_deleted"],
  ])("refunds %s", (_name, change, reason) => {
    expect(settleSuccess({ ...base, ...change })).toEqual({ action: "refund", reason });
  });
});

describe("isOpenAttempt", () => {
  it("only an attempt the client may still confirm is open", () => {
    expect(paymentAttemptStatuses.filter(isOpenAttempt)).toEqual(["requires_payment", "failed"]);
  });
});

describe("cardExpiryRefusal: as the card provider's test mode", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it.each([
    [11, 2026, null],
    [12, 2026, null],
    [1, 2027, null],
    [10, 2026, "EXPIRED_CARD"],
    [12, 2025, "INVALID_EXPIRY_YEAR"],
    [1, 2077, "INVALID_EXPIRY_YEAR"],
    [13, 2030, "INVALID_EXPIRY_MONTH"],
    [0, 2030, "INVALID_EXPIRY_MONTH"],
  ])("%s/%s → %s", (month, year, expected) => {
    expect(cardExpiryRefusal(month, year, now)).toBe(expected);
  });
});
