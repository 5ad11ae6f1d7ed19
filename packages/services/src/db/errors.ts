/** PostgreSQL's SQLSTATE codes we act on; PGlite and pg both put them on `.code`. */
export const pgCodes = { uniqueViolation: "23505", checkViolation: "23514", foreignKeyViolation: "23503" } as const;

/**
 * Whether a database error is a violation of the given kind (optionally of one named constraint).
 * @param error what the driver threw
 * @param code the SQLSTATE
 * @param constraint the constraint's name, to tell two unique indexes apart
 */
export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== code) return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === "string" && e.message.includes(constraint));
}
