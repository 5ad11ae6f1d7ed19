import { describe, expect, it } from "vitest";
import { lastWeekStarts, weekStart, zeroFillWeeks } from "./weeks.js";

describe("weekStart", () => {
  it.each([
    ["2026-11-23T00:00:00Z", "2026-11-23"], // a Monday at midnight
    ["2026-11-25T13:00:00Z", "2026-11-23"], // Wednesday
    ["2026-11-29T23:59:59Z", "2026-11-23"], // Sunday night still belongs to that week
    ["2026-11-30T00:00:00Z", "2026-11-30"],
    ["2027-01-01T08:00:00Z", "2026-12-28"], // across a year
  ])("%s is in the week of %s", (at, monday) => {
    expect(weekStart(new Date(at))).toBe(monday);
  });
});

describe("lastWeekStarts", () => {
  it("gives the Mondays of the window, oldest first, ending with the current week", () => {
    const weeks = lastWeekStarts(new Date("2026-11-25T10:00:00Z"), 12);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe("2026-11-23");
    expect(weeks[0]).toBe("2026-09-07");
    for (const week of weeks) expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});

describe("zeroFillWeeks", () => {
  it("puts zero on weeks without data and ignores weeks outside the window", () => {
    const weeks = ["2026-11-09", "2026-11-16", "2026-11-23"];
    const filled = zeroFillWeeks(
      weeks,
      new Map([
        ["2026-11-16", 5],
        ["2026-01-05", 9],
      ]),
    );
    expect(filled).toEqual([
      { week: "2026-11-09", value: 0 },
      { week: "2026-11-16", value: 5 },
      { week: "2026-11-23", value: 0 },
    ]);
  });
});
