import { describe, expect, it } from "vitest";
import { MAX_KEY_FEATURES, splitKeyFeatures } from "./input.js";

describe("splitKeyFeatures", () => {
  it("splits on commas, semicolons and new lines, trimming each", () => {
    expect(splitKeyFeatures(" Booking , invoices;reports\r\nchat ")).toEqual(["Booking", "invoices", "reports", "chat"]);
  });

  it("drops list bullets, numbering and trailing full stops", () => {
    expect(splitKeyFeatures("- Booking.\n* Invoices\n1. Reports\n2) Chat!")).toEqual(["Booking", "Invoices", "Reports", "Chat"]);
  });

  it("drops blanks and repeats ignoring case, keeping the first spelling", () => {
    expect(splitKeyFeatures("Booking,, ;booking\n BOOKING, Invoices")).toEqual(["Booking", "Invoices"]);
  });

  it(`keeps at most ${MAX_KEY_FEATURES} features, in the order written`, () => {
    const features = Array.from({ length: 12 }, (_, index) => `Feature ${index + 1}`);
    expect(splitKeyFeatures(features.join(", "))).toEqual(features.slice(0, MAX_KEY_FEATURES));
  });

  it("cuts a very long feature to 80 characters", () => {
    expect(splitKeyFeatures("x".repeat(200))[0]).toHaveLength(80);
  });

  it("blank text gives no features", () => {
    expect(splitKeyFeatures("  \n ")).toEqual([]);
  });
});
