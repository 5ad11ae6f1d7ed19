import { describe, expect, it } from "vitest";
import { scopes } from "../catalog/scopes.js";
import { isDomainError } from "../errors.js";
import { expectedDeliveryDate, toIsoDate } from "./delivery-date.js";

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
