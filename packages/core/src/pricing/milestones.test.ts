import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateByLargestRemainder, milestoneAmounts } from "./milestones.js";

const cents = fc.integer({ min: 0, max: 100_000_000_00 });
const weightLists = fc.array(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 40 });

describe("milestones from the breakdown: largest-remainder allocation", () => {
  it("the shares sum to the price exactly", () => {
    fc.assert(
      fc.property(cents, weightLists, (total, weights) => {
        expect(allocateByLargestRemainder(total, weights).reduce((sum, share) => sum + share, 0)).toBe(total);
      }),
    );
  });

  it("every share is a whole number of cents, at least zero", () => {
    fc.assert(
      fc.property(cents, weightLists, (total, weights) => {
        for (const share of allocateByLargestRemainder(total, weights)) {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("each share is proportional to its weight within a cent", () => {
    fc.assert(
      fc.property(cents, weightLists, (total, weights) => {
        const sum = weights.reduce((acc, weight) => acc + weight, 0);
        const shares = allocateByLargestRemainder(total, weights);
        shares.forEach((share, index) => {
          const exact = sum === 0 ? total / weights.length : (total * weights[index]!) / sum;
          expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
        });
      }),
    );
  });

  it("zero total hours: equal shares, the extra cents to the first stories", () => {
    expect(allocateByLargestRemainder(100, [0, 0, 0])).toEqual([34, 33, 33]);
    expect(milestoneAmounts(1000, [null, 0, null, 0])).toEqual([250, 250, 250, 250]);
  });

  it("ties are broken by story order, deterministically", () => {
    expect(allocateByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByLargestRemainder(101, [1, 1, 1])).toEqual([34, 34, 33]);
    expect(allocateByLargestRemainder(1, [5, 5])).toEqual([1, 0]);
  });

  it("the largest remainders get the leftover cents", () => {
    // Exact parts 33.33…, 16.66…, 50: the 0.66 remainder wins the one cent left.
    expect(allocateByLargestRemainder(100, [2, 1, 3])).toEqual([33, 17, 50]);
  });

  it("a story without hours gets nothing when others have some; no stories, no shares", () => {
    expect(milestoneAmounts(50_000, [10, null, 30])).toEqual([12_500, 0, 37_500]);
    expect(milestoneAmounts(50_000, [])).toEqual([]);
  });

  it("hours are weighed to the tenth, as stored", () => {
    expect(milestoneAmounts(1000, [0.5, 1.5])).toEqual([250, 750]);
  });

  it("refuses a negative or fractional price or weight", () => {
    expect(() => allocateByLargestRemainder(-1, [1])).toThrow(RangeError);
    expect(() => allocateByLargestRemainder(10.5, [1])).toThrow(RangeError);
    expect(() => allocateByLargestRemainder(10, [1.5])).toThrow(RangeError);
  });
});
