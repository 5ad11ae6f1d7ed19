import { describe, expect, it } from "vitest";
import { breakdownRunProgress, isActiveRun } from "./runs.js";

describe("breakdown run progress", () => {
  it("never moves back as the run goes from queued through two attempts and a retry to saving and done", () => {
    const percents = [
      breakdownRunProgress({ kind: "queued" }),
      breakdownRunProgress({ kind: "attempt", attempt: 1, of: 2 }),
      breakdownRunProgress({ kind: "retrying", attempt: 2, of: 2, reason: "timeout" }),
      breakdownRunProgress({ kind: "attempt", attempt: 2, of: 2 }),
      breakdownRunProgress({ kind: "fallback", reason: "timeout" }),
      breakdownRunProgress({ kind: "saving" }),
      breakdownRunProgress({ kind: "done" }),
    ].map((progress) => progress.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
  });

  it.each([
    ["queued", true],
    ["running", true],
    ["succeeded", false],
    ["failed", false],
  ] as const)("a %s run is active: %s", (status, active) => {
    expect(isActiveRun(status)).toBe(active);
  });
});
