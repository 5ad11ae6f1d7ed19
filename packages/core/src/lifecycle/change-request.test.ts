import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import type { JobState } from "../policies/job-state.js";
import { settleChangeRequestSuccess } from "../payments/payments.js";
import { changeRequestLifecycle, changeRequestPermissions, changeRequestStart, decideChangeRequest } from "./change-request.js";

const actor = (id: string, userType: Actor["userType"] = "client"): Actor =>
  ({ id, userType, roleType: userType === "admin" ? "admin" : "job_poster", isAdmin: userType === "admin" }) as Actor;
const owner = actor("owner");
const stranger = actor("stranger");
const admin = actor("admin", "admin");
const freelancer = actor("freelancer", "freelancer");
const paidJob: JobState = { ownerId: "owner", status: "in_progress", paymentStatus: "paid", locked: true, startedAt: new Date(), freelancerId: "freelancer" };
const lockedJob: JobState = { ownerId: "owner", status: "open", paymentStatus: "unpaid", locked: true, startedAt: null, freelancerId: null };

describe("the change request lifecycle (declared)", () => {
  it("[cr-2] a change on a paid job starts quoted; one before payment joins the scope (pending)", () => {
    expect(changeRequestStart(paidJob)).toBe("quote");
    expect(changeRequestStart(lockedJob)).toBe("addToScope");
    expect(changeRequestLifecycle.transitions.quote.to).toBe("quoted");
    expect(changeRequestLifecycle.transitions.addToScope.to).toBe("pending");
    expect(decideChangeRequest(owner, "quote", { ...paidJob, status: "completed" }, null)).toMatchObject({
      allowed: false,
      refusal: { code: "CHANGE_NOT_ALLOWED" },
    });
  });

  it("[cr-5] only the owner or an admin pays or declines, and only a quoted request", () => {
    const quoted = { status: "quoted" as const };
    expect(changeRequestPermissions(owner, paidJob, quoted).can).toEqual({ pay: true, decline: true });
    expect(changeRequestPermissions(admin, paidJob, quoted).can).toEqual({ pay: true, decline: true });
    for (const someone of [stranger, freelancer]) {
      const { can, why } = changeRequestPermissions(someone, paidJob, quoted);
      expect(can).toEqual({ pay: false, decline: false });
      expect(why.pay?.code).toBe("PAYMENT_ACCESS_DENIED");
      expect(why.decline?.code).toBe("CHANGE_REQUEST_DENIED");
    }
    for (const status of ["pending", "paid", "declined"] as const) {
      expect(changeRequestPermissions(owner, paidJob, { status }).why.pay?.code).toBe("CHANGE_REQUEST_NOT_QUOTED");
    }
    expect(decideChangeRequest(null, "pay", paidJob, quoted)).toMatchObject({ allowed: false, refusal: { code: "UNAUTHENTICATED" } });
  });

  it("[cr-3] a capture pays a request only while quoted, for its quote; any other is refunded", () => {
    const base = { attemptStatus: "requires_payment" as const, amounts: [6050, 6050], changeRequestStatus: "quoted", quoteCents: 6050, jobDeleted: false };
    expect(settleChangeRequestSuccess(base)).toEqual({ action: "apply" });
    expect(settleChangeRequestSuccess({ ...base, changeRequestStatus: "paid" })).toEqual({ action: "refund", reason: "already_paid" });
    expect(settleChangeRequestSuccess({ ...base, changeRequestStatus: "declined" })).toEqual({ action: "refund", reason: "attempt_canceled" });
    expect(settleChangeRequestSuccess({ ...base, amounts: [6050, 6000] })).toEqual({ action: "refund", reason: "amount_changed" });
    expect(settleChangeRequestSuccess({ ...base, attemptStatus: "canceled" })).toEqual({ action: "refund", reason: "attempt_canceled" });
    expect(settleChangeRequestSuccess({ ...base, jobDeleted: true })).toEqual({ action: "refund", reason: "job_deleted" });
  });
});
