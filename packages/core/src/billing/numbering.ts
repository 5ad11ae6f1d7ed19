/**
 * Billing documents' numbers (issue 19): receipts and credit notes share one series per calendar year (UTC),
 * `FH-2026-000001`, without gaps and in the order they were issued. The services draw the next number from a counter
 * row in the transaction that issues the document, never from a database sequence (a rolled-back transaction would
 * burn a sequence's value and leave a gap).
 */

/** The series' prefix, the platform's initials. */
export const DOCUMENT_NUMBER_PREFIX = "FH";

/** Digits of the running number; a year past 999,999 documents grows the field rather than wrapping. */
export const DOCUMENT_NUMBER_DIGITS = 6;

const numberPattern = /^FH-(\d{4})-(\d{6,})$/;

/**
 * The year a document issued at `issuedAt` is numbered in: the UTC calendar year, so every server agrees.
 * @param issuedAt when the document is issued
 * @returns the four-digit year
 */
export function documentYear(issuedAt: Date): number {
  return issuedAt.getUTCFullYear();
}

/**
 * A document's number from its year and its place in that year's series.
 * @param year the UTC year (1000–9999)
 * @param sequence 1 for the year's first document
 * @returns e.g. FH-2026-000001
 * @throws RangeError for a year outside four digits or a sequence that is not a positive integer
 */
export function formatDocumentNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year must have four digits, got ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`sequence must be a positive integer, got ${sequence}`);
  return `${DOCUMENT_NUMBER_PREFIX}-${year}-${String(sequence).padStart(DOCUMENT_NUMBER_DIGITS, "0")}`;
}

/**
 * Reads a document number back.
 * @param value the text
 * @returns its year and sequence, or null when it is not a document number
 */
export function parseDocumentNumber(value: string): { year: number; sequence: number } | null {
  const match = numberPattern.exec(value);
  if (!match) return null;
  const sequence = Number(match[2]);
  if (!Number.isSafeInteger(sequence) || sequence < 1) return null;
  return { year: Number(match[1]), sequence };
}

/**
 * The gaps and disorder of a series, as a check over issued documents: the numbers of each year must run 1, 2, 3…
 * with nothing missing or repeated, and in issue order.
 * @param documents the documents as issued (in the order they were issued: issue time, then number)
 * @returns one line per problem; empty when the series is whole
 */
export function documentSeriesProblems(documents: ReadonlyArray<{ number: string }>): string[] {
  const problems: string[] = [];
  const last = new Map<number, number>();
  for (const { number } of documents) {
    const parsed = parseDocumentNumber(number);
    if (!parsed) {
      problems.push(`${number}: not a document number`);
      continue;
    }
    const expected = (last.get(parsed.year) ?? 0) + 1;
    if (parsed.sequence !== expected) problems.push(`${number}: expected ${formatDocumentNumber(parsed.year, expected)} next`);
    last.set(parsed.year, Math.max(parsed.sequence, last.get(parsed.year) ?? 0));
  }
  return problems;
}
