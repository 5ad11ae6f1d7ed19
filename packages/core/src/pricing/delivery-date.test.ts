import { describe, expect, it } from "vitest";
import { scopes } from "../catalog/scopes.js";
import { isDomainError } from "../errors.js";
import { expectedDeliveryDate, toIsoDate, assertDeliveryDateNotPast, deliveryDateProblem, earliestTodayAnywhere, PAST_DELIVERY_DATE } from "./delivery-date.js";

describe("expectedDeliveryDate", () => {
  const today = new Date("2025-01-30T23:59:59Z");

  it.each([
    [50, "2025-02-01"],
    [500, "2025-02-06"],
    [1999, "2025-02-13"],
    [4999, "2025-03-13"],
  ] as const)("scope %i is delivered on %s (50 = 2 days, 500 = 7, 1999 = 14, 4999 = 42)", (scope, date) => {
    expect(expectedDeliveryDate(scope, today)).toBe(date);
  });

  it("scopes 1 and 199 have no expected delivery date", () => {
    expect(expectedDeliveryDate(1, today)).toBeNull();
    expect(expectedDeliveryDate(199, today)).toBeNull();
  });

  it("counts calendar days in UTC whatever the time of day", () => {
    expect(expectedDeliveryDate(50, new Date("2025-01-30T00:00:00Z"))).toBe("2025-02-01");
    expect(expectedDeliveryDate(50, new Date("2025-01-30T23:59:59.999Z"))).toBe("2025-02-01");
  });

  it("crosses a leap day", () => {
    expect(expectedDeliveryDate(50, new Date("2024-02-28T12:00:00Z"))).toBe("2024-03-01");
  });

  it("every scope answers a date or null", () => {
    for (const scope of scopes) {
      expect(expectedDeliveryDate(scope, today)).toSatisfy((value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value));
    }
  });

  it("an invalid date is refused with VALIDATION", () => {
    let thrown: unknown;
    try {
      toIsoDate(new Date("not a date"));
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && thrown.code).toBe("VALIDATION");
  });
});

describe("past delivery dates", () => {
  it("refuses a date before today, keeps today, later dates and no date", () => {
    expect(deliveryDateProblem("2026-11-22", "2026-11-23")).toBe(PAST_DELIVERY_DATE);
    expect(deliveryDateProblem("2026-11-23", "2026-11-23")).toBeNull();
    expect(deliveryDateProblem("2027-01-01", "2026-11-23")).toBeNull();
    expect(deliveryDateProblem(null, "2026-11-23")).toBeNull();
    expect(deliveryDateProblem(undefined, "2026-11-23")).toBeNull();
  });

  it("keeps a saved date that has passed while it is not changed", () => {
    expect(deliveryDateProblem("2026-01-10", "2026-11-23", "2026-01-10")).toBeNull();
    expect(deliveryDateProblem("2026-01-11", "2026-11-23", "2026-01-10")).toBe(PAST_DELIVERY_DATE);
  });

  it("judges by the earliest today on Earth (UTC-12), so a client west of UTC is not refused their own today", () => {
    expect(earliestTodayAnywhere(new Date("2026-11-23T11:59:00Z"))).toBe("2026-11-22");
    expect(earliestTodayAnywhere(new Date("2026-11-23T12:00:00Z"))).toBe("2026-11-23");
    // 03:00 UTC on the 24th is still the evening of the 23rd in California.
    expect(() => assertDeliveryDateNotPast("2026-11-23", new Date("2026-11-24T03:00:00Z"))).not.toThrow();
    expect(() => assertDeliveryDateNotPast("2026-11-22", new Date("2026-11-24T03:00:00Z"))).toThrow(
      expect.objectContaining({ code: "VALIDATION", fields: { expectedDeliveryDate: PAST_DELIVERY_DATE } }),
    );
  });
});
