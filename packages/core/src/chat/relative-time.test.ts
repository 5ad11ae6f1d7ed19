import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.js";

const now = new Date("2026-11-23T12:00:00.000Z");

describe("relativeTime: message times in words", () => {
  it.each([
    ["2026-11-23T11:59:40.000Z", "just now"],
    ["2026-11-23T11:55:00.000Z", "5 minutes ago"],
    ["2026-11-23T09:00:00.000Z", "3 hours ago"],
    ["2026-11-22T12:00:00.000Z", "yesterday"],
    ["2026-11-09T12:00:00.000Z", "2 weeks ago"],
  ])("%s reads %s", (iso, words) => {
    expect(relativeTime(iso, now)).toBe(words);
  });
});
