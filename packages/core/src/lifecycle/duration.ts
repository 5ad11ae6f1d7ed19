/**
 * ISO-8601 durations for the lifecycle's timers (REVIEW_PERIOD). Only fixed-length units are accepted: weeks, days,
 * hours, minutes and seconds. Years and months have no fixed length, so a review period in them would fall due at a
 * different hour depending on the calendar; they are refused rather than guessed.
 */

const pattern = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const unitMs = [7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1_000];

/**
 * The length of an ISO-8601 duration in milliseconds.
 * @param value e.g. P7D, PT48H, PT30S, P1W
 * @returns the length in ms, or null when the value is not a duration of fixed-length units or is zero
 */
export function parseIsoDuration(value: string): number | null {
  const match = pattern.exec(value.trim());
  if (!match || value.trim() === "P" || value.trim().endsWith("T")) return null;
  const parts = match.slice(1);
  if (parts.every((part) => part === undefined)) return null;
  const ms = parts.reduce((sum, part, index) => sum + (part === undefined ? 0 : Number(part) * unitMs[index]!), 0);
  return ms > 0 ? Math.round(ms) : null;
}
