/**
 * The six fixed-price scopes a client chooses from, with the spec's project types, descriptions and delivery
 * times (spec part 1 §9).
 */
import { domainError, errorCatalogue } from "../errors.js";

/** The budget values of the scopes, in US dollars, cheapest first. */
export const scopes = [1, 50, 199, 500, 1999, 4999] as const;

/** One of the six scope prices; the scope is the base price of a job before extras. */
export type Scope = (typeof scopes)[number];

/** The kinds of project a scope stands for; the wizard asks different questions for each. */
export const projectTypes = ["trial", "static", "ecommerce", "simple", "complex"] as const;

/** What kind of software a scope buys. */
export type ProjectType = (typeof projectTypes)[number];

/** A scope as the catalogue offers it. */
export interface ScopeDefinition {
  /** the scope's price in US dollars */
  budget: Scope;
  projectType: ProjectType;
  label: string;
  /** the spec's own description of what the price buys */
  description: string;
  /** days from today to the expected delivery, or null when the spec names none */
  deliveryDays: number | null;
}

/** Every scope, in price order, exactly as `GET /api/catalog` lists them. */
export const scopeDefinitions: readonly ScopeDefinition[] = [
  // The spec gives no project type for 1 and 199: 1 builds no software, 199 is a shop paid partly by revenue.
  { budget: 1, projectType: "trial", label: "Trial", description: "Trial (no software built)", deliveryDays: null },
  {
    budget: 50,
    projectType: "static",
    label: "Static Website",
    description: "Static site up to 5 pages",
    deliveryDays: 2,
  },
  {
    budget: 199,
    projectType: "ecommerce",
    label: "eCommerce Starter",
    description: "eCommerce plus 1% of sales revenue",
    deliveryDays: null,
  },
  {
    budget: 500,
    projectType: "ecommerce",
    label: "eCommerce Store",
    description: "eCommerce 10 pages / 100 products with payment gateway",
    deliveryDays: 7,
  },
  {
    budget: 1999,
    projectType: "simple",
    label: "Simple Application",
    description: "Simple app 10 pages 2 integrations, or large shop 1000 products",
    deliveryDays: 14,
  },
  {
    budget: 4999,
    projectType: "complex",
    label: "Complex Application",
    description: "Complex app up to 20 pages 5 integrations including AI",
    deliveryDays: 42,
  },
];

/**
 * Whether a value is one of the six scope prices.
 * @param value any value, typically a parsed number from a request
 * @returns true when the value is a scope
 */
export function isScope(value: unknown): value is Scope {
  return typeof value === "number" && (scopes as readonly number[]).includes(value);
}

/**
 * The catalogue entry of a scope.
 * @param scope one of the six scope prices
 * @returns its definition
 * @throws DomainError INVALID_SCOPE when the value is not a scope (only reachable from untyped callers)
 */
export function scopeDefinition(scope: Scope): ScopeDefinition {
  const found = scopeDefinitions.find((definition) => definition.budget === scope);
  if (!found) throw domainError("INVALID_SCOPE", { fields: { scope: errorCatalogue.INVALID_SCOPE.message } });
  return found;
}

/**
 * The project type a scope buys.
 * @param scope one of the six scope prices
 * @returns trial, static, ecommerce, simple or complex
 * @throws DomainError INVALID_SCOPE when the value is not a scope
 */
export function projectTypeOf(scope: Scope): ProjectType {
  return scopeDefinition(scope).projectType;
}
