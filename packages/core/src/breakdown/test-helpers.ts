/**
 * Builders for the breakdown tests.
 */
import { noAdditionalServices } from "../catalog/options.js";
import type { BreakdownInput, BreakdownRequirements } from "./input.js";

/**
 * A job with empty requirements, overridable at the top level and inside `requirements`.
 * @param overrides fields of the input to replace; `requirements` is merged field by field
 * @returns the breakdown input
 */
export function buildBreakdownInput(
  overrides: Partial<Omit<BreakdownInput, "requirements">> & { requirements?: Partial<BreakdownRequirements> } = {},
): BreakdownInput {
  const { requirements, ...job } = overrides;
  return {
    title: "Client Portal",
    description: "A portal where our clients see their orders and talk to us.",
    scope: 1999,
    ...job,
    requirements: {
      industry: "Technology & SaaS",
      targetAudience: "",
      keyFeatures: "",
      userCategories: [],
      stakeholders: "",
      existingSystems: "",
      complianceRequirements: "",
      complianceTypes: [],
      integrationSystems: [],
      additionalServices: { ...noAdditionalServices },
      projectSpecificFields: {},
      answers: [],
      ...requirements,
    },
  };
}

/**
 * A deep copy with every object's keys in reverse order, to prove output does not depend on key order.
 * @param value any JSON-like value
 * @returns the copy
 */
export function reverseKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => reverseKeys(item)) as T;
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).reverse();
  return Object.fromEntries(entries.map(([key, item]) => [key, reverseKeys(item as unknown)])) as T;
}
