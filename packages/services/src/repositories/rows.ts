/** Small normalisers for values whose JS type differs between pg and PGlite. */

/** A `date` column as YYYY-MM-DD: pg is set to return the text, PGlite returns a Date at UTC midnight. */
export function toDateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** A `timestamptz` column as a Date. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A nullable `timestamptz` column as a Date or null. */
export function toDateOrNull(value: Date | string | null): Date | null {
  return value === null ? null : toDate(value);
}

/** The row count of an update or delete: pg gives a number, knex-pglite an object. */
export function affectedRows(result: unknown): number {
  if (typeof result === "number") return result;
  const r = result as { rowCount?: number; affectedRows?: number } | null;
  return Number(r?.rowCount ?? r?.affectedRows ?? 0);
}

/** A count(*) value: int8 arrives as a number from both drivers here, but be safe with strings. */
export function toCount(value: number | string | undefined): number {
  return Number(value ?? 0);
}

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
