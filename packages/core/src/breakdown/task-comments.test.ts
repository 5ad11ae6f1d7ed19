import { describe, expect, it } from "vitest";
import { planTaskStatusChange } from "./task-comments.js";

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
