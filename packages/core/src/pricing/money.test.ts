import { describe, expect, it } from "vitest";
import { formatCents, fromCents, parseDollarsToCents, roundToCents, toCents } from "./money.js";

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

describe("parseDollarsToCents", () => {
  it("[admin-money-8] reads typed dollars as exact cents, never through a float", () => {
    expect(parseDollarsToCents("12")).toBe(1200);
    expect(parseDollarsToCents("0.1")).toBe(10);
    expect(parseDollarsToCents("$1,234.56")).toBe(123456);
    expect(parseDollarsToCents(" 19.99 ")).toBe(1999);
    // 0.29 * 100 is 28.999999999999996 in floats; the digits say 29.
    expect(parseDollarsToCents("0.29")).toBe(29);
    expect(parseDollarsToCents("4.35")).toBe(435);
    for (const bad of ["", "-1", "1.234", "abc", "1,23", "1e3", "."]) expect(parseDollarsToCents(bad), bad).toBeNull();
  });
});

describe("formatCents", () => {
  it("shows whole cents as dollars with two decimals", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-1999)).toBe("-$19.99");
    expect(formatCents(0)).toBe("$0.00");
  });
});
