import { describe, expect, it } from "vitest";
import { scopes } from "../catalog/scopes.js";
import { apportionHours, breakdownTotals, estimateTargetHours } from "./estimates.js";
import { storyDraft, taskDraft } from "./types.js";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe("estimateTargetHours", () => {
  it("has a target for every scope, growing with the price", () => {
    const targets = scopes.map((scope) => estimateTargetHours[scope]);
    expect(targets).toEqual([4, 24, 60, 120, 320, 800]);
  });
});

describe("apportionHours", () => {
  it("hits the total exactly, in steps of 0.5, in proportion to the weights", () => {
    expect(apportionHours([1, 1, 2], 8)).toEqual([2, 2, 4]);
    const hours = apportionHours([3, 3, 2, 4, 1], 37);
    expect(sum(hours)).toBe(37);
    for (const value of hours) expect(Number.isInteger(value * 2)).toBe(true);
  });

  it("leftover steps go to the largest remainders, ties to the earlier weight", () => {
    expect(apportionHours([1, 1, 1], 2)).toEqual([1, 0.5, 0.5]);
    expect(apportionHours([1, 2], 1.5)).toEqual([0.5, 1]);
  });

  it("no share goes below 0.5 h, even for a tiny weight", () => {
    const hours = apportionHours([100, 100, 1], 10);
    expect(hours[2]).toBe(0.5);
    expect(sum(hours)).toBe(10);
  });

  it("when the minimums exceed the total, every share is 0.5 h", () => {
    expect(apportionHours([5, 1, 1, 1], 1)).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it("rounds a total that is not a multiple of 0.5", () => {
    expect(sum(apportionHours([1, 1], 3.3))).toBe(3.5);
  });

  it("no weights, no shares", () => {
    expect(apportionHours([], 10)).toEqual([]);
  });
});

describe("breakdownTotals", () => {
  it("counts stories and tasks and adds up the task estimates", () => {
    const stories = [
      storyDraft("A", "", "high", [taskDraft("a1", "", "high", 2.5), taskDraft("a2", "", "low", 1)]),
      storyDraft("B", "", "low", [taskDraft("b1", "", "medium", 4)]),
      storyDraft("C", "", "low", []),
    ];
    expect(breakdownTotals(stories)).toEqual({ stories: 3, tasks: 3, hours: 7.5 });
    expect(breakdownTotals([])).toEqual({ stories: 0, tasks: 0, hours: 0 });
  });
});
