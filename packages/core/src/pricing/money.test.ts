import { describe, expect, it } from "vitest";
import { fromCents, roundToCents, toCents } from "./money.js";

describe("money", () => {
  it("dollars become whole cents, half a cent rounding up", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1.005)).toBe(-101);
  });

  it("cents become dollars with at most two decimals", () => {
    expect(fromCents(599880)).toBe(5998.8);
    expect(roundToCents(999.8000000001)).toBe(999.8);
  });
});
