/**
 * CSV for the back office's exports (RFC 4180), safe to open in a spreadsheet: a text cell that a spreadsheet would
 * read as a formula (it starts with `= + - @`, a tab or a carriage return) is prefixed with `'`.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** Fields a presenter adds for the UI (what this actor may do and why not): not data an admin reads. */
const UI_FIELDS = new Set(["can", "why"]);

/** One column: where its value sits in a row, and its header. */
export interface CsvColumn {
  path: string[];
  header: string;
}

/**
 * A text cell, formula-safe and quoted when it must be.
 * @param value the cell's value; null and undefined are empty, arrays of scalars are joined with "; "
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "string") text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return csvCell(value.map(String).join("; "));
  else return csvCell(JSON.stringify(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** `ownerName` → `Owner name`, `jobId` → `Job ID`, `requirements.industry` → `Requirements industry`. */
export function csvHeader(path: string[]): string {
  const words = path
    .flatMap((key) => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[\s_-]+/))
    .filter(Boolean)
    .map((word) => (word.toLowerCase() === "id" ? "ID" : word.toLowerCase()));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The columns of a list's rows, in the order the presenter gives its fields: nested objects flattened one column per
 * field, without the UI's `can`/`why`.
 * @param rows the first page of the list (the union of its fields)
 */
export function csvColumns(rows: unknown[]): CsvColumn[] {
  const seen = new Map<string, CsvColumn>();
  const walk = (value: Record<string, unknown>, path: string[]) => {
    for (const [key, field] of Object.entries(value)) {
      if (UI_FIELDS.has(key)) continue;
      const at = [...path, key];
      if (isPlainObject(field)) walk(field, at);
      else if (!seen.has(at.join("."))) seen.set(at.join("."), { path: at, header: csvHeader(at) });
    }
  };
  for (const row of rows) if (isPlainObject(row)) walk(row, []);
  return [...seen.values()];
}

/** A row's cells, in the columns' order. */
export function csvRow(row: unknown, columns: CsvColumn[]): string {
  return csvLine(columns.map(({ path }) => path.reduce<unknown>((value, key) => (isPlainObject(value) ? value[key] : undefined), row)));
}
