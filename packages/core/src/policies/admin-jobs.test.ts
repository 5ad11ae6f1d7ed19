import { describe, expect, it } from "vitest";
import { adminJobViews, type AdminJobView } from "../schemas/admin.js";
import { adminJobViewCriteria, adminJobViewFilter } from "./admin-jobs.js";
import { isPaymentDue } from "./job-state.js";
import { matchesJobCriteria, type CriteriaJob } from "./my-jobs.js";

const job = (overrides: Partial<CriteriaJob>): CriteriaJob => ({ status: "open", paymentStatus: "unpaid", ...overrides });

const jobs = {
  open: job({}),
  inProgress: job({ status: "in_progress", paymentStatus: "paid" }),
  completedUnpaid: job({ status: "completed", paymentStatus: "unpaid" }),
  completedPending: job({ status: "completed", paymentStatus: "pending" }),
  completedPaid: job({ status: "completed", paymentStatus: "paid" }),
  openWithStories: job({ hasStories: true }),
  openWithMessages: job({ hasCommunication: true }),
  deletedPaidWithEverything: job({ status: "inactive", paymentStatus: "paid", hasStories: true, hasCommunication: true }),
};
type Name = keyof typeof jobs;

const expected: Record<AdminJobView, Name[]> = {
  all: ["open", "inProgress", "completedUnpaid", "completedPending", "completedPaid", "openWithStories", "openWithMessages"],
  in_progress: ["inProgress"],
  completed: ["completedUnpaid", "completedPending", "completedPaid"],
  payment_due: ["completedUnpaid", "completedPending"],
  paid: ["inProgress", "completedPaid"],
  with_stories: ["openWithStories"],
  with_communication: ["openWithMessages"],
};

describe("adminJobViewFilter", () => {
  it.each(adminJobViews)("the %s view lists its jobs and never a deleted one", (view) => {
    const listed = (Object.keys(jobs) as Name[]).filter((name) => adminJobViewFilter(view)(jobs[name]));
    expect(listed).toEqual(expected[view]);
  });

  it("Payment Due is exactly the spec's completed-and-not-paid rule", () => {
    for (const state of Object.values(jobs).filter((j) => j.status !== "inactive")) {
      expect(adminJobViewFilter("payment_due")(state)).toBe(isPaymentDue(state));
    }
  });
});

describe("adminJobViewCriteria", () => {
  it("every view is limited to jobs that are not deleted", () => {
    for (const view of adminJobViews) expect(adminJobViewCriteria(view).statuses).not.toContain("inactive");
  });

  it("with stories and with communication are criteria the repository can turn into SQL", () => {
    expect(adminJobViewCriteria("with_stories")).toMatchObject({ hasStories: true });
    expect(adminJobViewCriteria("with_communication")).toMatchObject({ hasCommunication: true });
  });
});

describe("matchesJobCriteria", () => {
  it("a missing hasStories or hasCommunication counts as none", () => {
    expect(matchesJobCriteria(job({}), { hasStories: false, hasCommunication: false })).toBe(true);
    expect(matchesJobCriteria(job({}), { hasStories: true })).toBe(false);
    expect(matchesJobCriteria(job({ hasCommunication: true }), { hasCommunication: false })).toBe(false);
  });
});
