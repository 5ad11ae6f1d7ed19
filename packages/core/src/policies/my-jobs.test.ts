import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import type { JobState } from "./job-state.js";
import { isPaymentDue, isStarted } from "./job-state.js";
import { canSeeJobInMyJobs, myJobsCriteria, myJobsFilter, myJobsFilters, type MyJobsFilter } from "./my-jobs.js";

const owner: Actor = { id: "c1", userType: "client", roleType: "job_poster" };
const otherClient: Actor = { id: "c2", userType: "client", roleType: "job_poster" };
const freelancer: Actor = { id: "f1", userType: "freelancer", roleType: "freelancer" };
const otherFreelancer: Actor = { id: "f2", userType: "freelancer", roleType: "freelancer" };
const admin: Actor = { id: "a1", userType: "admin", roleType: "admin" };

const job = (overrides: Partial<JobState>): JobState => ({
  ownerId: owner.id,
  status: "open",
  paymentStatus: "unpaid",
  locked: false,
  startedAt: null,
  freelancerId: null,
  ...overrides,
});

describe("canSeeJobInMyJobs", () => {
  const open = job({});
  const inProgress = job({ status: "in_progress", paymentStatus: "paid", locked: true, freelancerId: freelancer.id, startedAt: "2025-01-01" });
  const completed = job({ status: "completed", paymentStatus: "paid", locked: true, freelancerId: freelancer.id, startedAt: "2025-01-01" });
  const deleted = job({ status: "inactive" });

  const cases: [string, JobState, Record<string, boolean>][] = [
    ["open", open, { owner: true, otherClient: false, freelancer: false, otherFreelancer: false, admin: true }],
    ["in progress", inProgress, { owner: true, otherClient: false, freelancer: true, otherFreelancer: false, admin: true }],
    ["completed", completed, { owner: true, otherClient: false, freelancer: false, otherFreelancer: false, admin: true }],
    ["deleted", deleted, { owner: false, otherClient: false, freelancer: false, otherFreelancer: false, admin: false }],
  ];
  const actors = { owner, otherClient, freelancer, otherFreelancer, admin };

  it.each(cases)("clients see their own jobs, freelancers their assigned in-progress jobs, admins all not deleted (%s)", (_name, state, wanted) => {
    expect(Object.fromEntries(Object.entries(actors).map(([name, actor]) => [name, canSeeJobInMyJobs(actor, state)]))).toEqual(wanted);
  });
});

describe("myJobsFilter", () => {
  const jobs = {
    open: job({}),
    inProgress: job({ status: "in_progress", paymentStatus: "paid" }),
    completedUnpaid: job({ status: "completed", paymentStatus: "unpaid" }),
    completedPending: job({ status: "completed", paymentStatus: "pending" }),
    completedPaid: job({ status: "completed", paymentStatus: "paid" }),
  };
  const expected: Record<MyJobsFilter, (keyof typeof jobs)[]> = {
    all: ["open", "inProgress", "completedUnpaid", "completedPending", "completedPaid"],
    in_progress: ["inProgress"],
    completed: ["completedUnpaid", "completedPending", "completedPaid"],
    unpaid: ["completedUnpaid", "completedPending"],
    paid: ["inProgress", "completedPaid"],
  };

  it.each(myJobsFilters)("filter %s keeps the spec's jobs (unpaid = completed and not paid)", (filter) => {
    const kept = Object.entries(jobs)
      .filter(([, state]) => myJobsFilter(filter)(state))
      .map(([name]) => name);
    expect(kept).toEqual(expected[filter]);
  });
});

describe("job state", () => {
  it("a job in progress or completed counts as started even without a start time", () => {
    expect(isStarted(job({ status: "in_progress" }))).toBe(true);
    expect(isStarted(job({ status: "completed" }))).toBe(true);
    expect(isStarted(job({ startedAt: new Date("2025-01-01T00:00:00Z") }))).toBe(true);
    expect(isStarted(job({}))).toBe(false);
  });

  it("Payment Due means completed and not paid", () => {
    expect(isPaymentDue(job({ status: "completed", paymentStatus: "pending" }))).toBe(true);
    expect(isPaymentDue(job({ status: "completed", paymentStatus: "paid" }))).toBe(false);
    expect(isPaymentDue(job({ status: "in_progress", paymentStatus: "unpaid" }))).toBe(false);
  });
});

describe("myJobsCriteria", () => {
  const client = { id: "c1", userType: "client", roleType: "job_poster" } as const;
  const freelancer = { id: "f1", userType: "freelancer", roleType: "freelancer" } as const;
  const admin = { id: "a1", userType: "admin", roleType: "admin" } as const;

  it("limits clients to their own live jobs", () => {
    expect(myJobsCriteria(client)).toEqual({ ownerId: "c1", statuses: ["open", "in_progress", "completed"] });
  });

  it("gives freelancers their assigned jobs in progress, whatever the filter", () => {
    expect(myJobsCriteria(freelancer, "paid")).toEqual({ freelancerId: "f1", statuses: ["in_progress"] });
  });

  it("gives admins every live job, narrowed by the filter", () => {
    expect(myJobsCriteria(admin, "unpaid")).toEqual({ statuses: ["completed"], notPaymentStatus: "paid" });
    expect(myJobsCriteria(admin, "paid")).toEqual({ paymentStatus: "paid", statuses: ["open", "in_progress", "completed"] });
  });
});
