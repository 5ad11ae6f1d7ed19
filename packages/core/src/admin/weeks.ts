/** The dashboard's weekly charts: weeks start on Monday, in UTC, and every week of the window has a point. */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Monday (UTC) of the week holding a moment.
 * @param at any moment
 * @returns that week's Monday as YYYY-MM-DD
 */
export function weekStart(at: Date): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; a Sunday belongs to the week that began six days earlier.
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The Mondays of the last `count` weeks, oldest first, the current week last.
 * @param now the current time
 * @param count how many weeks (12 on the dashboard)
 * @returns YYYY-MM-DD Mondays
 */
export function lastWeekStarts(now: Date, count: number): string[] {
  const current = Date.parse(`${weekStart(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(current - (count - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Puts sparse weekly totals on every week of a window, weeks without data at zero.
 * @param weeks the window's Mondays (from `lastWeekStarts`)
 * @param totals week → value, for the weeks that had any
 * @returns one value per week of the window, in order
 */
export function zeroFillWeeks(weeks: readonly string[], totals: ReadonlyMap<string, number>): Array<{ week: string; value: number }> {
  return weeks.map((week) => ({ week, value: totals.get(week) ?? 0 }));
}
