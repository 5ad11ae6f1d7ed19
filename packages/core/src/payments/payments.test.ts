import { describe, expect, it } from "vitest";
import {
  isReusableAttempt,
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
