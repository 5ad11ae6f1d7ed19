/**
 * A freelancer's earnings (issue 18, "Payouts to freelancers"): who may see them, what each story's money is worth to
 * its freelancer, where it stands, and how the list is exported. Pure: the services read the ledger and the stories,
 * these rules decide.
 */
import { domainError } from "../errors.js";
import { releaseAmounts, type ReleaseAmounts } from "../ledger/transactions.js";
import type { Actor } from "../users.js";

/** Where a story's money stands for its freelancer: submitted and waiting, released to them, or transferred out. */
export const earningsStatuses = ["in_review", "available", "paid_out"] as const;

/** The status of one earnings item. */
export type EarningsStatus = (typeof earningsStatuses)[number];

/**
 * Guards reading earnings: a freelancer reads their own, nobody else's. Admins are refused too: they read a job's
 * money on the job (`GET /api/jobs/:id/money`), and the earnings answer has no way to name another freelancer.
 * @param actor the signed-in person, or null when signed out
 * @throws UNAUTHENTICATED when signed out; EARNINGS_DENIED for clients and admins
 */
export function authorizeViewEarnings(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (actor.userType !== "freelancer") throw domainError("EARNINGS_DENIED");
}

/**
 * What a story in review will bring its freelancer once approved: its milestone less the platform's fee, with the fee
 * rounded the way the release will round it (core's `releaseAmounts`), so the figure shown is the figure released.
 * @param amountCents the story's milestone (null for a story of a job locked before milestones: nothing is promised)
 * @param feePercent PLATFORM_FEE_PERCENT
 * @returns gross, fee and net in whole cents
 */
export function inReviewAmounts(amountCents: number | null, feePercent: number): ReleaseAmounts {
  return releaseAmounts(amountCents ?? 0, feePercent);
}

/**
 * The status of a story's money for its freelancer.
 * @param story whether its release was posted, and whether a payout of that story was
 * @returns in_review before the release, paid_out once a payout names the story, available in between
 */
export function earningsStatusOf(story: { released: boolean; paidOut: boolean }): EarningsStatus {
  if (!story.released) return "in_review";
  return story.paidOut ? "paid_out" : "available";
}

/**
 * Cents as dollars with two decimals and no grouping, as a spreadsheet reads them (123456 → "1234.56", -5 → "-0.05").
 * @param cents whole cents
 * @returns the amount in dollars
 */
export function centsToDecimalDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** One row of the earnings CSV. */
export interface EarningsCsvRow {
  jobId: number;
  jobTitle: string;
  storyId: string;
  storyTitle: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  status: EarningsStatus;
  submittedAt: string | null;
  releasedAt: string | null;
}

/** The header of the earnings CSV. */
export const earningsCsvHeader = ["job_id", "job_title", "story_id", "story_title", "gross_usd", "fee_usd", "net_usd", "status", "submitted_at", "released_at"];

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) is prefixed with ' — titles are typed by clients.
 * @param value the cell's text
 * @returns the cell as it goes in the file
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The earnings as CSV (RFC 4180, CRLF line ends): one line per story, amounts in dollars with two decimals.
 * Amounts are written as numbers, so they never get the formula guard of a text cell.
 * @param rows the items, newest first
 * @returns the file's text, header first
 */
export function earningsCsv(rows: readonly EarningsCsvRow[]): string {
  const lines = [earningsCsvHeader.join(",")];
  for (const row of rows) {
    lines.push(
      [
        String(row.jobId),
        csvCell(row.jobTitle),
        row.storyId,
        csvCell(row.storyTitle),
        centsToDecimalDollars(row.grossCents),
        centsToDecimalDollars(row.feeCents),
        centsToDecimalDollars(row.netCents),
        row.status,
        row.submittedAt ?? "",
        row.releasedAt ?? "",
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
