import { describe, expect, it } from "vitest";
import { additionalServiceKeys, type AdditionalServices } from "../catalog/options.js";
import { scopes, type Scope } from "../catalog/scopes.js";
import { isDomainError } from "../errors.js";
import { quote } from "./quote.js";

const only = (...keys: (keyof AdditionalServices)[]): Partial<AdditionalServices> => Object.fromEntries(keys.map((key) => [key, true]));

/** The spec's rule written out plainly in dollars, as a check on the cent arithmetic of `quote`. */
function independentTotal(budget: number, extras: Partial<AdditionalServices>): number {
  let total = budget;
  if (extras.contentDevelopment) total += Math.max(budget * 0.2, 40);
  if (extras.deployment) total += Math.max(budget * 0.1, 20);
  if (extras.productionReady) total += budget;
  if (extras.customTechStack) total += budget;
  if (extras.hosting) total *= 2;
  return Math.round(total * 100) / 100;
}

describe("quote", () => {
  it("a scope without extras costs its budget", () => {
    expect(quote({ scope: 500, additionalServices: {} })).toEqual({
      base: 500,
      lines: [],
      total: 500,
      expectedDeliveryDate: null,
    });
  });

  it("content development adds the larger of 20% and $40", () => {
    expect(quote({ scope: 500, additionalServices: only("contentDevelopment") }).lines).toEqual([
      { key: "contentDevelopment", label: "Content Development", amount: 100 },
    ]);
    expect(quote({ scope: 199, additionalServices: only("contentDevelopment") }).total).toBe(239);
    expect(quote({ scope: 1, additionalServices: only("contentDevelopment") }).total).toBe(41);
    expect(quote({ scope: 4999, additionalServices: only("contentDevelopment") }).total).toBe(5998.8);
  });

  it("deployment adds the larger of 10% and $20", () => {
    expect(quote({ scope: 1999, additionalServices: only("deployment") }).lines[0]?.amount).toBe(199.9);
    expect(quote({ scope: 199, additionalServices: only("deployment") }).lines[0]?.amount).toBe(20);
    expect(quote({ scope: 50, additionalServices: only("deployment") }).total).toBe(70);
  });

  it("production ready adds the budget", () => {
    expect(quote({ scope: 1999, additionalServices: only("productionReady") }).total).toBe(3998);
  });

  it("custom tech stack adds the budget", () => {
    expect(quote({ scope: 4999, additionalServices: only("customTechStack") }).total).toBe(9998);
  });

  it("hosting doubles the running total and is applied last", () => {
    const result = quote({ scope: 500, additionalServices: only("hosting", "contentDevelopment", "deployment") });
    expect(result.lines.map((line) => line.key)).toEqual(["contentDevelopment", "deployment", "hosting"]);
    // 500 + 100 + 50 = 650 before hosting; hosting's line is that running total.
    expect(result.lines.at(-1)).toEqual({ key: "hosting", label: "Hosting", amount: 650 });
    expect(result.total).toBe(1300);
  });

  it("hosting alone doubles the base price", () => {
    expect(quote({ scope: 50, additionalServices: only("hosting") }).total).toBe(100);
  });

  it("an extra set to false is not charged", () => {
    expect(quote({ scope: 500, additionalServices: { hosting: false, deployment: false } }).total).toBe(500);
  });

  it("money is rounded to cents", () => {
    const result = quote({ scope: 4999, additionalServices: only("contentDevelopment", "deployment", "hosting") });
    for (const amount of [result.base, result.total, ...result.lines.map((line) => line.amount)]) {
      expect(Math.round(amount * 100) / 100).toBe(amount);
    }
    // 4999 + 999.80 + 499.90 = 6498.70, doubled by hosting.
    expect(result.total).toBe(12997.4);
  });

  it("the lines and the base always add up to the total", () => {
    const result = quote({ scope: 199, additionalServices: only(...additionalServiceKeys) });
    const sumCents = [result.base, ...result.lines.map((line) => line.amount)].reduce((sum, amount) => sum + Math.round(amount * 100), 0);
    expect(sumCents / 100).toBe(result.total);
  });

  it("the expected delivery date is today plus the scope's delivery days", () => {
    const today = new Date("2025-03-10T15:30:00Z");
    expect(quote({ scope: 500, additionalServices: {} }, today).expectedDeliveryDate).toBe("2025-03-17");
    expect(quote({ scope: 199, additionalServices: {} }, today).expectedDeliveryDate).toBeNull();
  });

  it("an unknown scope is refused with INVALID_SCOPE", () => {
    let thrown: unknown;
    try {
      quote({ scope: 250 as Scope, additionalServices: {} });
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && thrown.code).toBe("INVALID_SCOPE");
  });

  describe("every scope with every one of the 32 combinations of extras matches an independent computation", () => {
    const combinations = Array.from({ length: 2 ** additionalServiceKeys.length }, (_, mask) =>
      Object.fromEntries(additionalServiceKeys.map((key, bit) => [key, (mask & (1 << bit)) !== 0])),
    ) as AdditionalServices[];
    const cases = scopes.flatMap((scope) => combinations.map((extras) => ({ scope, extras })));

    it("covers 6 × 32 cases", () => {
      expect(cases).toHaveLength(192);
    });

    it.each(cases)("scope $scope with $extras", ({ scope, extras }) => {
      const result = quote({ scope, additionalServices: extras });
      expect(result.base).toBe(scope);
      expect(result.total).toBe(independentTotal(scope, extras));
      expect(result.lines.map((line) => line.key)).toEqual(additionalServiceKeys.filter((key) => extras[key]));
    });
  });
});
