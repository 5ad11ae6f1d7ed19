/** Display formats shared by the job screens. */

const wholeDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A dollar amount without the sign: whole amounts without decimals, others with two (1,999 or 2,598.70).
 * @param amount US dollars, at most two decimals
 */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : cents.format(amount);
}

/** A dollar amount with its sign, e.g. $2,598.70. */
export function formatMoney(amount: number): string {
  return `$${formatAmount(amount)}`;
}

/**
 * A file size in KB with two decimals, as the spec shows attachments (e.g. 12.34 KB).
 * @param bytes the size in bytes
 */
export function formatFileSize(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

const calendarDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * A calendar date (YYYY-MM-DD) in words, read in UTC so it never shifts by a day with the viewer's time zone.
 * @param isoDate YYYY-MM-DD, or null
 * @returns e.g. "March 4, 2027", or null when there is no date
 */
export function formatCalendarDate(isoDate: string | null | undefined): string | null {
  if (!isoDate) return null;
  const moment = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(moment.getTime()) ? isoDate : calendarDate.format(moment);
}

/**
 * The number of words of a text, for the description's live count.
 * @param text any text
 */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}
