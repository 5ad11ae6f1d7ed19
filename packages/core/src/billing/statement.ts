/**
 * A freelancer's monthly statement (issue 19): every movement of their money in one UTC calendar month, read from the
 * ledger: releases (a story's gross, the platform's fee, the net put in their available balance), payouts (out of it
 * to their own account) and payout reversals (back in). The opening and closing available balances frame it, and
 * the movements must explain the difference to the cent.
 */
import { z } from "zod";
import { centsToDecimalDollars, csvCell } from "../earnings/earnings.js";

/** What moved a freelancer's money. */
export const statementEntryKinds = ["release", "payout", "payout_reversal"] as const;

/** The kind of a statement line. */
export type StatementEntryKind = (typeof statementEntryKinds)[number];

/** `GET /api/earnings/statement?month=YYYY-MM&format=pdf|csv`. */
export const statementQuery = z.object({
  /** the calendar month (UTC), e.g. 2026-11 */
  month: z.string({ error: "Choose a month (YYYY-MM)" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month (YYYY-MM)"),
  /** pdf (the default) or csv */
  format: z.enum(["pdf", "csv"], { error: "Unknown format" }).default("pdf"),
});
/** What a handler receives once `statementQuery` has parsed the input. */
export type StatementQuery = z.infer<typeof statementQuery>;

/**
 * A month's bounds in UTC.
 * @param month YYYY-MM
 * @returns its first instant and the next month's first instant
 * @throws RangeError for anything else
 */
export function statementPeriod(month: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const index = Number(match?.[2]) - 1;
  if (!match || index < 0 || index > 11) throw new RangeError(`not a month: ${month}`);
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** One ledger transaction touching the freelancer's accounts, as the services read it. */
export interface StatementEntryInput {
  kind: "release" | "payout" | "refund" | "payment_captured";
  /** the ledger's idempotency key, to tell a payout's reversal from the payout */
  idempotencyKey: string;
  occurredAt: Date;
  jobId: number;
  jobTitle: string;
  storyTitle: string | null;
  /** what the transaction put into (positive) or took out of (negative) the freelancer's available balance */
  availableDeltaCents: number;
  /** the platform's fee it took (a release's) */
  feeCents: number;
}

/** One line of the statement. */
export interface StatementLine {
  date: string;
  kind: StatementEntryKind;
  jobId: number;
  jobTitle: string;
  storyTitle: string | null;
  /** a release's milestone before the fee; a payout's amount */
  grossCents: number;
  feeCents: number;
  /** the change of the available balance */
  netCents: number;
}

/** The statement's facts. */
export interface Statement {
  month: string;
  freelancer: { name: string; email: string };
  seller: { name: string; address: string; taxId: string };
  openingBalanceCents: number;
  closingBalanceCents: number;
  lines: StatementLine[];
  totals: { releasedGrossCents: number; feeCents: number; releasedNetCents: number; paidOutCents: number };
}

/**
 * Builds the statement from the month's ledger transactions, oldest first.
 * @param input the month, the people, the opening balance and the transactions
 * @returns the statement
 * @throws RangeError when the lines do not take the opening balance to the closing one
 */
export function buildStatement(input: {
  month: string;
  freelancer: { name: string; email: string };
  seller: { name: string; address: string; taxId: string };
  openingBalanceCents: number;
  closingBalanceCents: number;
  entries: ReadonlyArray<StatementEntryInput>;
}): Statement {
  const lines: StatementLine[] = [];
  for (const entry of [...input.entries].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
    if (entry.availableDeltaCents === 0) continue;
    const kind: StatementEntryKind = entry.kind === "release" ? "release" : entry.idempotencyKey.startsWith("payout-reversal:") ? "payout_reversal" : "payout";
    lines.push({
      date: entry.occurredAt.toISOString(),
      kind,
      jobId: entry.jobId,
      jobTitle: entry.jobTitle,
      storyTitle: entry.storyTitle,
      grossCents: kind === "release" ? entry.availableDeltaCents + entry.feeCents : Math.abs(entry.availableDeltaCents),
      feeCents: kind === "release" ? entry.feeCents : 0,
      netCents: entry.availableDeltaCents,
    });
  }
  const releases = lines.filter((l) => l.kind === "release");
  const totals = {
    releasedGrossCents: releases.reduce((s, l) => s + l.grossCents, 0),
    feeCents: releases.reduce((s, l) => s + l.feeCents, 0),
    releasedNetCents: releases.reduce((s, l) => s + l.netCents, 0),
    paidOutCents: -lines.filter((l) => l.kind !== "release").reduce((s, l) => s + l.netCents, 0),
  };
  const moved = lines.reduce((s, l) => s + l.netCents, 0);
  if (input.openingBalanceCents + moved !== input.closingBalanceCents) {
    throw new RangeError(`the statement's lines move ${moved} cents, not ${input.closingBalanceCents - input.openingBalanceCents}`);
  }
  const { entries: _entries, ...rest } = input;
  return { ...rest, lines, totals };
}

/** The header of the statement's CSV. */
export const statementCsvHeader = ["date", "kind", "job_id", "job_title", "story_title", "gross_usd", "fee_usd", "net_usd"];

/**
 * The statement as CSV (RFC 4180, CRLF): one line per movement, then the opening and closing balances.
 * @param statement the statement
 * @returns the file's text
 */
export function statementCsv(statement: Statement): string {
  const rows = [statementCsvHeader.join(",")];
  const dollars = centsToDecimalDollars;
  rows.push(["", "opening_balance", "", "", "", "", "", dollars(statement.openingBalanceCents)].join(","));
  for (const line of statement.lines) {
    rows.push(
      [
        line.date,
        line.kind,
        String(line.jobId),
        csvCell(line.jobTitle),
        csvCell(line.storyTitle ?? ""),
        dollars(line.grossCents),
        dollars(line.feeCents),
        dollars(line.netCents),
      ].join(","),
    );
  }
  rows.push(["", "closing_balance", "", "", "", "", "", dollars(statement.closingBalanceCents)].join(","));
  return `${rows.join("\r\n")}\r\n`;
}
