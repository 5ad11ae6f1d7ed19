import { describe, expect, it } from "vitest";
import { bulkRequestBody, decideJobRestore, decideOwnAccountChange, decidePaymentRefund, describeBulkOutcome, summarizeBulk } from "./operations.js";

describe("decideJobRestore", () => {
  it("only a deleted job can be restored", () => {
    expect(decideJobRestore({ status: "inactive" })).toEqual({ allowed: true });
    for (const status of ["open", "in_progress", "completed"] as const) {
      const decision = decideJobRestore({ status });
      expect(decision.allowed ? null : decision.refusal.code).toBe("JOB_NOT_DELETED");
    }
  });
});

describe("decidePaymentRefund", () => {
  const charge = { status: "needs_refund" as const, provider: "test", providerPaymentId: "pi_1" };
  it("only a charge flagged needs_refund, taken by the active provider, can be refunded", () => {
    expect(decidePaymentRefund(charge, "test")).toEqual({ allowed: true });
    for (const status of ["succeeded", "refunded", "failed", "processing", "canceled", "requires_payment"] as const) {
      const decision = decidePaymentRefund({ ...charge, status }, "test");
      expect(decision.allowed ? null : decision.refusal.code).toBe("NOT_REFUNDABLE");
    }
  });
  it("a charge of another provider is refused with the reason", () => {
    const decision = decidePaymentRefund(charge, "stripe");
    expect(decision.allowed ? "" : decision.refusal.message).toContain("test provider");
  });
});

describe("decideOwnAccountChange", () => {
  it("an admin cannot change their own type away from admin", () => {
    const decision = decideOwnAccountChange("a", "a", { userType: "client" });
    expect(decision.allowed ? null : decision.refusal.code).toBe("CANNOT_DEMOTE_SELF");
  });
  it("an admin may keep their own type, or change someone else's", () => {
    expect(decideOwnAccountChange("a", "a", { userType: "admin" }).allowed).toBe(true);
    expect(decideOwnAccountChange("a", "a", {}).allowed).toBe(true);
    expect(decideOwnAccountChange("a", "b", { userType: "client" }).allowed).toBe(true);
  });
});

describe("bulk actions", () => {
  it("a bulk request names a known action and at least one id", () => {
    expect(bulkRequestBody("users").safeParse({ action: "disable", ids: ["x"] }).success).toBe(true);
    expect(bulkRequestBody("users").safeParse({ action: "delete", ids: ["x"] }).success).toBe(false);
    expect(bulkRequestBody("jobs").safeParse({ action: "restore", ids: [] }).success).toBe(false);
  });
  it("the summary counts the successes and says each refusal's reason once", () => {
    const error = { code: "CANNOT_DISABLE_SELF", title: "t", message: "You cannot disable your own account." };
    const outcome = summarizeBulk([
      { id: 1, ok: true },
      { id: 2, ok: false, error },
      { id: 3, ok: true },
    ]);
    expect(outcome).toMatchObject({ succeeded: 2, failed: 1 });
    expect(describeBulkOutcome(outcome, "disabled")).toBe("2 disabled; 1 refused: You cannot disable your own account.");
  });
});
