import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import type { JobState } from "../policies/job-state.js";
import { jobPermissions } from "../policies/job.js";
import {
  decideDelivery,
  deliveryLifecycle,
  deliveryStatuses,
  deliveryTransitionNames,
  planDelivery,
  type DeliveryLimits,
  type DeliveryStatus,
  type DeliveryStoryState,
} from "./delivery.js";
import { parseIsoDuration } from "./duration.js";
import { releaseAmounts } from "../ledger/transactions.js";
import { isDelivered, jobLifecycle } from "./job.js";

const actors = {
  owner: { id: "client-owner", userType: "client", roleType: "job_poster" },
  otherClient: { id: "client-other", userType: "client", roleType: "job_poster" },
  freelancer: { id: "freelancer-assigned", userType: "freelancer", roleType: "freelancer" },
  otherFreelancer: { id: "freelancer-other", userType: "freelancer", roleType: "freelancer" },
  admin: { id: "admin-1", userType: "admin", roleType: "admin" },
} as const satisfies Record<string, Actor>;

const inProgress: JobState = {
  ownerId: actors.owner.id,
  status: "in_progress",
  paymentStatus: "paid",
  locked: true,
  startedAt: "2026-11-01T10:00:00.000Z",
  freelancerId: actors.freelancer.id,
};
const limits: DeliveryLimits = { reviewPeriodMs: 7 * 86_400_000, maxRevisions: 3 };
const now = new Date("2026-11-27T12:00:00.000Z");

function story(
  status: DeliveryStatus,
  options: { tasks?: Array<"todo" | "in_progress" | "done">; revisionCount?: number; submittedAt?: string } = {},
): DeliveryStoryState {
  return {
    delivery: { status, revisionCount: options.revisionCount ?? 0, submittedAt: options.submittedAt ?? null },
    tasks: (options.tasks ?? ["done", "done"]).map((status) => ({ status })),
  };
}
const refusal = (decision: ReturnType<typeof decideDelivery>) => (decision.allowed ? null : decision.refusal.code);

describe("the declaration", () => {
  it("every transition starts and ends in a declared state, and every state but the initial is reached", () => {
    const reached = new Set<DeliveryStatus>([deliveryLifecycle.initial]);
    for (const name of deliveryTransitionNames) {
      const t = deliveryLifecycle.transitions[name];
      for (const from of t.from) expect(deliveryStatuses).toContain(from);
      expect(deliveryStatuses).toContain(t.to);
      reached.add(t.to);
    }
    expect([...reached].sort()).toEqual([...deliveryStatuses].sort());
  });

  it("approved is final: no transition leaves it", () => {
    for (const name of deliveryTransitionNames) expect(deliveryLifecycle.transitions[name].from as readonly string[]).not.toContain("approved");
  });
});

describe("submit", () => {
  it("[delivery-1] only the assigned freelancer submits (SUBMIT_DENIED for anyone else)", () => {
    for (const actor of [actors.owner, actors.otherFreelancer, actors.admin, actors.otherClient]) {
      expect(refusal(decideDelivery(actor, "submit", inProgress, story("building"), limits))).toBe("SUBMIT_DENIED");
    }
    expect(refusal(decideDelivery(actors.freelancer, "submit", inProgress, story("building"), limits))).toBeNull();
  });

  it("[delivery-2] every task of the story is done, else TASKS_NOT_DONE", () => {
    expect(refusal(decideDelivery(actors.freelancer, "submit", inProgress, story("building", { tasks: ["done", "in_progress"] }), limits))).toBe(
      "TASKS_NOT_DONE",
    );
  });

  it("the job is in progress, else JOB_NOT_IN_PROGRESS", () => {
    expect(refusal(decideDelivery(actors.freelancer, "submit", { ...inProgress, status: "completed" }, story("building"), limits))).toBe("JOB_NOT_IN_PROGRESS");
  });

  it("a story in review, approved or disputed is not submitted again (NOT_SUBMITTABLE); changes_requested is resubmitted", () => {
    for (const status of ["in_review", "approved", "disputed"] as const) {
      expect(refusal(decideDelivery(actors.freelancer, "submit", inProgress, story(status), limits))).toBe("NOT_SUBMITTABLE");
    }
    expect(refusal(decideDelivery(actors.freelancer, "submit", inProgress, story("changes_requested"), limits))).toBeNull();
  });

  it("sets submittedAt to now and reviewDueAt to now + REVIEW_PERIOD", () => {
    const plan = planDelivery(actors.freelancer, "submit", inProgress, story("building"), limits, now);
    expect(plan).toMatchObject({ allowed: true, patch: { status: "in_review", submittedAt: now, reviewDueAt: new Date("2026-12-04T12:00:00.000Z") } });
  });
});

describe("approve", () => {
  it("[delivery-4] the owner or an admin approves a story in review; the approver is recorded as client or admin", () => {
    expect(planDelivery(actors.owner, "approve", inProgress, story("in_review"), limits, now)).toMatchObject({
      patch: { status: "approved", approvedBy: "client" },
    });
    expect(planDelivery(actors.admin, "approve", inProgress, story("in_review"), limits, now)).toMatchObject({
      patch: { status: "approved", approvedBy: "admin" },
    });
    for (const actor of [actors.freelancer, actors.otherClient, actors.otherFreelancer]) {
      expect(refusal(decideDelivery(actor, "approve", inProgress, story("in_review"), limits))).toBe("APPROVE_DENIED");
    }
  });

  it("[delivery-4] a story not in review is not approved (NOT_IN_REVIEW): a second approval is refused", () => {
    for (const status of ["building", "changes_requested", "approved", "disputed"] as const) {
      expect(refusal(decideDelivery(actors.owner, "approve", inProgress, story(status), limits))).toBe("NOT_IN_REVIEW");
    }
  });
});

describe("request changes", () => {
  it("[delivery-8] only the owner requests changes, on a story in review; revisionCount + 1", () => {
    expect(planDelivery(actors.owner, "requestChanges", inProgress, story("in_review", { revisionCount: 1 }), limits, now)).toMatchObject({
      patch: { status: "changes_requested", revisionCount: 2 },
    });
    expect(refusal(decideDelivery(actors.admin, "requestChanges", inProgress, story("in_review"), limits))).toBe("REQUEST_CHANGES_DENIED");
    expect(refusal(decideDelivery(actors.freelancer, "requestChanges", inProgress, story("in_review"), limits))).toBe("REQUEST_CHANGES_DENIED");
    expect(refusal(decideDelivery(actors.owner, "requestChanges", inProgress, story("building"), limits))).toBe("NOT_IN_REVIEW");
  });

  it("[delivery-9] after MAX_REVISIONS rounds, REVISION_LIMIT, whose message points to a dispute", () => {
    expect(refusal(decideDelivery(actors.owner, "requestChanges", inProgress, story("in_review", { revisionCount: 2 }), limits))).toBeNull();
    const decision = decideDelivery(actors.owner, "requestChanges", inProgress, story("in_review", { revisionCount: 3 }), limits);
    expect(decision).toMatchObject({ allowed: false, refusal: { code: "REVISION_LIMIT" } });
    expect(decision.allowed ? "" : decision.refusal.message).toMatch(/dispute/i);
  });
});

describe("auto-approval", () => {
  const submittedAt = "2026-11-20T12:00:00.000Z";
  it("[delivery-12] only the system fires it, for the submission its timer was set for", () => {
    const inReview = story("in_review", { submittedAt });
    expect(planDelivery("system", "autoApprove", inProgress, inReview, limits, now, submittedAt)).toMatchObject({ patch: { approvedBy: "system" } });
    expect(refusal(decideDelivery("system", "autoApprove", inProgress, inReview, limits, "2026-11-10T12:00:00.000Z"))).toBe("NOT_IN_REVIEW");
    expect(refusal(decideDelivery(actors.owner, "autoApprove", inProgress, inReview, limits, submittedAt))).toBe("APPROVE_DENIED");
    expect(refusal(decideDelivery("system", "autoApprove", inProgress, story("approved", { submittedAt }), limits, submittedAt))).toBe("NOT_IN_REVIEW");
  });
});

describe("dispute", () => {
  it("the owner or the assigned freelancer disputes a story not yet approved, on a job whose money is held", () => {
    expect(refusal(decideDelivery(actors.owner, "dispute", inProgress, story("in_review"), limits))).toBeNull();
    expect(refusal(decideDelivery(actors.freelancer, "dispute", inProgress, story("building"), limits))).toBeNull();
    expect(refusal(decideDelivery(actors.admin, "dispute", inProgress, story("building"), limits))).toBe("DISPUTE_DENIED");
    expect(refusal(decideDelivery(actors.owner, "dispute", inProgress, story("approved"), limits))).toBe("NOT_DISPUTABLE");
  });

  it("[admin-money-7] the system disputes for the card provider's chargeback, under the same guards", () => {
    expect(refusal(decideDelivery("system", "dispute", inProgress, story("in_review"), limits))).toBeNull();
    expect(refusal(decideDelivery("system", "dispute", inProgress, story("approved"), limits))).toBe("NOT_DISPUTABLE");
  });
});

describe("the job", () => {
  it("[delivery-6] completes only when every story is approved", () => {
    expect(isDelivered([{ status: "approved" }, { status: "approved" }])).toBe(true);
    expect(isDelivered([{ status: "approved" }, { status: "in_review" }])).toBe(false);
    expect(isDelivered([])).toBe(false);
  });

  it("[delivery-6] the freelancer no longer completes by hand; an admin keeps the override", () => {
    expect(jobPermissions(actors.freelancer, inProgress).can.complete).toBe(false);
    expect(jobPermissions(actors.freelancer, inProgress).why.complete?.code).toBe("COMPLETE_DENIED");
    expect(jobPermissions(actors.admin, inProgress).can.complete).toBe(true);
    expect(jobLifecycle.transitions.complete.actors).toEqual(["admin"]);
  });

  it("[delivery-10] can and why carry submit, approve, requestChanges and dispute, decided by the lifecycle", () => {
    expect(jobPermissions(actors.freelancer, inProgress).can).toMatchObject({ submit: true, approve: false, requestChanges: false, dispute: true });
    expect(jobPermissions(actors.owner, inProgress).can).toMatchObject({ submit: false, approve: true, requestChanges: true, dispute: true });
    const open = { ...inProgress, status: "open" as const, startedAt: null, freelancerId: null };
    expect(jobPermissions(actors.owner, open).why.approve?.code).toBe("JOB_NOT_IN_PROGRESS");
    expect(jobPermissions(actors.owner, inProgress).why.submit?.code).toBe("SUBMIT_DENIED");
  });
});

describe("release figures", () => {
  it("[delivery-3] the fee is PLATFORM_FEE_PERCENT of the gross rounded half up to the cent, and fee + net = gross", () => {
    expect(releaseAmounts(10_000, 10)).toEqual({ grossCents: 10_000, feeCents: 1_000, netCents: 9_000 });
    expect(releaseAmounts(12_345, 10)).toEqual({ grossCents: 12_345, feeCents: 1_235, netCents: 11_110 });
    expect(releaseAmounts(12_344, 10)).toEqual({ grossCents: 12_344, feeCents: 1_234, netCents: 11_110 });
    expect(releaseAmounts(101, 12.5)).toEqual({ grossCents: 101, feeCents: 13, netCents: 88 });
    expect(releaseAmounts(999, 0)).toEqual({ grossCents: 999, feeCents: 0, netCents: 999 });
    for (let gross = 0; gross < 2_000; gross += 7) {
      const { feeCents, netCents } = releaseAmounts(gross, 10);
      expect(feeCents + netCents).toBe(gross);
      expect(Number.isInteger(feeCents)).toBe(true);
    }
  });
});

describe("REVIEW_PERIOD", () => {
  it("reads ISO-8601 durations of fixed-length units", () => {
    expect(parseIsoDuration("P7D")).toBe(7 * 86_400_000);
    expect(parseIsoDuration("PT2S")).toBe(2_000);
    expect(parseIsoDuration("P1W")).toBe(7 * 86_400_000);
    expect(parseIsoDuration("P1DT12H")).toBe(36 * 3_600_000);
    for (const bad of ["7D", "P", "PT", "P1M", "P1Y", "P0D", "", "P-1D"]) expect(parseIsoDuration(bad)).toBeNull();
  });
});
