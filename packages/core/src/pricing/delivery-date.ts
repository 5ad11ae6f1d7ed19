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

/** Why a delivery date the client picked is refused. */
export const PAST_DELIVERY_DATE = "The delivery date can't be in the past.";

/**
 * The earliest calendar date that is "today" somewhere on Earth (UTC-12). The server judges a client's date by it,
 * so a client late in the evening west of UTC, whose today is still yesterday in UTC, is not refused.
 * @param now the current moment
 * @returns YYYY-MM-DD
 */
export function earliestTodayAnywhere(now: Date): string {
  return toIsoDate(new Date(now.getTime() - 12 * 60 * 60 * 1000));
}

/**
 * Why an expected delivery date cannot be used, or null when it can: a date before today is refused, but a date
 * that was already saved and is not being changed is kept (an old job stays editable after its date has passed).
 * @param date the date asked for (YYYY-MM-DD), null or undefined when none is asked for
 * @param today today's date (YYYY-MM-DD), passed in so the rule stays pure
 * @param saved the job's stored date when editing
 * @returns PAST_DELIVERY_DATE, or null
 */
export function deliveryDateProblem(date: string | null | undefined, today: string, saved?: string | null): string | null {
  if (!date || date === saved) return null;
  // YYYY-MM-DD strings compare in calendar order.
  return date < today ? PAST_DELIVERY_DATE : null;
}

/**
 * Refuses a past expected delivery date with a field error.
 * @param date the date asked for, if any
 * @param now the current moment
 * @param saved the job's stored date when editing
 * @throws DomainError VALIDATION with `fields.expectedDeliveryDate` for a date in the past
 */
export function assertDeliveryDateNotPast(date: string | null | undefined, now: Date, saved?: string | null): void {
  const problem = deliveryDateProblem(date, earliestTodayAnywhere(now), saved);
  if (problem) throw domainError("VALIDATION", { message: problem, fields: { expectedDeliveryDate: problem } });
}
