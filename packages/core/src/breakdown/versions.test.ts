import { describe, expect, it } from "vitest";
import { diffVersions, versionHours, type VersionStory } from "./versions.js";

const story = (title: string, hours: number, criteria = ["Given a, when b, then c."]): VersionStory => ({
  title,
  description: `${title} story`,
  priority: "high",
  source: "keyFeature",
  tasks: [{ title: `${title} task`, description: "", priority: "high", estimateHours: hours, acceptanceCriteria: criteria, source: "keyFeature" }],
});

describe("breakdown versions", () => {
  it("the first version counts every story as added", () => {
    expect(diffVersions(null, [story("Booking", 4)])).toEqual({ added: ["Booking"], removed: [], changed: [], hoursDelta: 4 });
  });

  it("names the stories added, removed and changed (estimates or criteria), and the change in hours", () => {
    const previous = [story("Booking", 4), story("Invoices", 3), story("Reports", 2)];
    const current = [story("Booking", 4), story("Invoices", 5), story("Reports", 2, ["Given x, when y, then z."]), story("Chat", 6)];
    expect(diffVersions(previous, current)).toEqual({ added: ["Chat"], removed: [], changed: ["Invoices", "Reports"], hoursDelta: 8 });
    expect(diffVersions(current, previous.slice(1))).toMatchObject({ added: [], removed: ["Booking", "Chat"] });
  });

  it("adds up a version's hours, counting unestimated tasks as 0", () => {
    expect(versionHours([story("A", 2.5), { ...story("B", 1), tasks: [{ ...story("B", 1).tasks[0]!, estimateHours: null }] }])).toBe(2.5);
  });
});
