import { describe, expect, it } from "vitest";
import { taskProgress } from "./progress.js";
import type { TaskStatus } from "./types.js";

const tasks = (...statuses: TaskStatus[]) => statuses.map((status) => ({ status }));

describe("taskProgress", () => {
  it("counts tasks per status and the whole percent done", () => {
    expect(taskProgress(tasks("todo", "in_progress", "clarification", "done", "done", "todo"))).toEqual({
      todo: 2,
      inProgress: 1,
      clarification: 1,
      done: 2,
      percent: 33,
    });
  });

  it("no tasks means 0 percent", () => {
    expect(taskProgress([]).percent).toBe(0);
  });

  it("100 percent only when every task is done", () => {
    expect(taskProgress(tasks(...Array<TaskStatus>(199).fill("done"), "todo")).percent).toBe(99);
    expect(taskProgress(tasks("done", "done")).percent).toBe(100);
  });
});
