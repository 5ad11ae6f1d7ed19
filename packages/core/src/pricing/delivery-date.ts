/**
 * The expected delivery date of a scope: today plus the scope's delivery days, as a calendar date in UTC.
 */
import { domainError } from "../errors.js";
import { scopeDefinition, type Scope } from "../catalog/scopes.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Formats a moment as its UTC calendar date.
 * @param moment any valid date
 * @returns the date as YYYY-MM-DD
 * @throws DomainError VALIDATION when the date is invalid
 */
export function toIsoDate(moment: Date): string {
  if (Number.isNaN(moment.getTime())) throw domainError("VALIDATION", { message: "Invalid date" });
  return moment.toISOString().slice(0, 10);
}

/**
 * The date a job of this scope is expected to be delivered when posted today.
 * @param scope one of the six scope prices
 * @param today the current moment, passed in so the rule stays pure
 * @returns YYYY-MM-DD in UTC, or null for scopes without a delivery time (1 and 199)
 * @throws DomainError INVALID_SCOPE for an unknown scope, VALIDATION for an invalid date
 */
export function expectedDeliveryDate(scope: Scope, today: Date): string | null {
  const { deliveryDays } = scopeDefinition(scope);
  if (deliveryDays === null) return null;
  const todayUtc = toIsoDate(today);
  // Counting from midnight UTC keeps the answer a whole number of calendar days whatever the time of day.
  return toIsoDate(new Date(Date.parse(`${todayUtc}T00:00:00Z`) + deliveryDays * DAY_MS));
}
