import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeRequestQuote } from "./change-request-quote.js";

describe("changeRequestQuote: a change on a paid job at the job's own rate (price ÷ estimated hours)", () => {
  it("[cr-1] prices the change's hours at the job's rate: $220 for 40 h, 11 h of change → $60.50", () => {
    expect(changeRequestQuote({ jobPriceCents: 22_000, jobEstimateHours: 40, estimateHours: 11 })).toEqual({ priceCents: 6_050, estimateHours: 11 });
  });

  it("[cr-1] rounds to a whole cent, half up: $100 for 3 h, 1 h → $33.33; $0.05 for 2 h, 1 h → 3 cents", () => {
    expect(changeRequestQuote({ jobPriceCents: 10_000, jobEstimateHours: 3, estimateHours: 1 })).toEqual({ priceCents: 3_333, estimateHours: 1 });
    expect(changeRequestQuote({ jobPriceCents: 5, jobEstimateHours: 2, estimateHours: 1 })).toEqual({ priceCents: 3, estimateHours: 1 });
  });

  it("[cr-1] counts hours to the tenth, exactly: $1,000 for 12.5 h, 2.5 h → $200", () => {
    expect(changeRequestQuote({ jobPriceCents: 100_000, jobEstimateHours: 12.5, estimateHours: 2.5 })).toEqual({ priceCents: 20_000, estimateHours: 2.5 });
  });

  it("[cr-1] gives no quote without a rate or an estimate", () => {
    expect(changeRequestQuote({ jobPriceCents: 22_000, jobEstimateHours: 0, estimateHours: 11 })).toBeNull();
    expect(changeRequestQuote({ jobPriceCents: 22_000, jobEstimateHours: 40, estimateHours: 0 })).toBeNull();
    expect(() => changeRequestQuote({ jobPriceCents: -1, jobEstimateHours: 40, estimateHours: 11 })).toThrow(RangeError);
  });

  it("[cr-1] a change as large as the job costs the job's price, and the quote is within half a cent of the exact rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        (price, jobTenths, tenths) => {
          const same = changeRequestQuote({ jobPriceCents: price, jobEstimateHours: jobTenths / 10, estimateHours: jobTenths / 10 });
          expect(same?.priceCents).toBe(price);
          const quote = changeRequestQuote({ jobPriceCents: price, jobEstimateHours: jobTenths / 10, estimateHours: tenths / 10 });
          const exact = (price * tenths) / jobTenths;
          if (quote) expect(Math.abs(quote.priceCents - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          else expect(exact).toBeLessThan(0.5);
        },
      ),
    );
  });
});
