import { describe, expect, it } from "vitest";
import type { JobState } from "../policies/job-state.js";
import type { Actor } from "../users.js";
import { planTaskStatusChange, withReadableComments } from "./task-comments.js";

describe("planTaskStatusChange", () => {
  it.each([
    { current: "todo", status: "in_progress", comment: undefined, action: "updateTaskStatus", recorded: null },
    { current: "todo", status: "in_progress", comment: "Started on the login form", action: "updateTaskStatus", recorded: "Started on the login form" },
    { current: "clarification", status: "clarification", comment: "Green and gold", action: "commentTask", recorded: "Green and gold" },
    { current: "done", status: "done", comment: undefined, action: "commentTask", recorded: null },
  ] as const)("$current → $status with $comment needs $action and records $recorded", ({ current, status, comment, action, recorded }) => {
    expect(planTaskStatusChange(current, { status, comment })).toEqual({ action, status, comment: recorded });
  });

  it("treats a blank comment as none, so it neither adds to the history nor erases the latest", () => {
    expect(planTaskStatusChange("todo", { status: "todo", comment: " \n\t " }).comment).toBeNull();
    expect(planTaskStatusChange("todo", { status: "todo", comment: "" }).comment).toBeNull();
  });

  it("keeps the comment's inner text and drops the surrounding blanks", () => {
    expect(planTaskStatusChange("todo", { status: "done", comment: "  line one\nline two  " }).comment).toBe("line one\nline two");
  });
});

describe("withReadableComments", () => {
  const owner: Actor = { id: "owner", userType: "client", roleType: "job_poster" };
  const assigned: Actor = { id: "assigned", userType: "freelancer", roleType: "freelancer" };
  const other: Actor = { id: "other", userType: "freelancer", roleType: "freelancer" };
  const job: JobState = {
    ownerId: "owner",
    status: "in_progress",
    paymentStatus: "paid",
    locked: true,
    startedAt: "2026-01-01T00:00:00Z",
    freelancerId: "assigned",
  };
  const stories = [
    {
      id: "s",
      tasks: [
        { id: "t1", comment: "Which colours?" },
        { id: "t2", comment: null },
      ],
    },
  ];

  it("[rights-6] keeps the latest comments for those who may read the thread and clears them for anyone else", () => {
    expect(withReadableComments(owner, job, stories)).toBe(stories);
    expect(withReadableComments(assigned, job, stories)).toBe(stories);
    expect(withReadableComments(other, job, stories)).toEqual([
      {
        id: "s",
        tasks: [
          { id: "t1", comment: null },
          { id: "t2", comment: null },
        ],
      },
    ]);
    // A job not yet taken: no freelancer reads its comments.
    expect(withReadableComments(assigned, { ...job, freelancerId: null, startedAt: null }, stories)[0]!.tasks[0]!.comment).toBeNull();
  });
});
