import { describe, expect, it } from "vitest";
import { MAX_FEATURE_LENGTH, MAX_KEY_FEATURES, featureTitle, splitKeyFeatures } from "./input.js";

describe("splitKeyFeatures", () => {
  it("splits on lines, semicolons and sentences, trimming each", () => {
    expect(splitKeyFeatures(" Booking for walkers. Invoices by email;reports\r\nchat ")).toEqual([
      "Booking for walkers",
      "Invoices by email",
      "reports",
      "chat",
    ]);
  });

  it("keeps commas inside one statement: 'Book, reschedule and cancel visits via Calendly' stays whole", () => {
    expect(splitKeyFeatures("Book, reschedule and cancel visits via Calendly")).toEqual(["Book, reschedule and cancel visits via Calendly"]);
  });

  it("splits a bare comma list of short items", () => {
    expect(splitKeyFeatures("invoices, reports, time tracking")).toEqual(["invoices", "reports", "time tracking"]);
    expect(splitKeyFeatures("menu page with prices, photo gallery of our cakes, and opening hours")).toEqual([
      "menu page with prices",
      "photo gallery of our cakes",
      "opening hours",
    ]);
  });

  it("does not split sentences at abbreviations or version numbers", () => {
    expect(splitKeyFeatures("Import files (e.g. invoices) from v2.0 of the API")).toEqual(["Import files (e.g. invoices) from v2.0 of the API"]);
  });

  it("drops list bullets, numbering and trailing full stops", () => {
    expect(splitKeyFeatures("- Booking.\n* Invoices\n1. Reports\n2) Chat!")).toEqual(["Booking", "Invoices", "Reports", "Chat"]);
  });

  it("drops blanks and repeats ignoring case, keeping the first spelling", () => {
    expect(splitKeyFeatures("Booking\n\n;booking\n BOOKING\nInvoices")).toEqual(["Booking", "Invoices"]);
  });

  it(`keeps at most ${MAX_KEY_FEATURES} features, in the order written`, () => {
    const features = Array.from({ length: MAX_KEY_FEATURES + 5 }, (_, index) => `Feature ${index + 1}`);
    expect(splitKeyFeatures(features.join("\n"))).toEqual(features.slice(0, MAX_KEY_FEATURES));
  });

  it("blank text gives no features", () => {
    expect(splitKeyFeatures("  \n ")).toEqual([]);
  });
});

describe("featureTitle", () => {
  it("capitalises the first letter and keeps the client's words", () => {
    expect(featureTitle("book, reschedule and cancel visits via Calendly")).toBe("Book, reschedule and cancel visits via Calendly");
  });

  it(`cuts a statement longer than ${MAX_FEATURE_LENGTH} characters at a word boundary`, () => {
    const title = featureTitle(`${"word ".repeat(60)}end`);
    expect(title.length).toBeLessThanOrEqual(MAX_FEATURE_LENGTH + 1);
    expect(title).toMatch(/word…$/);
  });
});
