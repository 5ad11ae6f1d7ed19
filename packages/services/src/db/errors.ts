/** PostgreSQL's SQLSTATE codes we act on; PGlite and pg both put them on `.code`. */
export const pgCodes = { uniqueViolation: "23505", checkViolation: "23514", foreignKeyViolation: "23503", undefinedTable: "42P01" } as const;

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

/** Socket-level failures: the database's host refused, dropped or never answered the connection. */
const connectionErrnos = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * SQLSTATEs that mean the server, not the statement, is the problem: class 08 (connection exception), and
 * 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now: a restart or `pg_terminate_backend`).
 */
const isConnectionSqlState = (code: string) => code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03";

/**
 * Whether an error means the database could not be reached or the connection was lost (as opposed to a statement
 * that failed): a refused or reset socket, a terminated backend, pg's "Connection terminated…", or knex giving up
 * on acquiring a pooled connection. Wrapped causes and AggregateErrors (a host with several addresses) are followed.
 * @param error what the driver, knex or a use case threw
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  return unavailable(error, 0);
}

function unavailable(error: unknown, depth: number): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (connectionErrnos.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && isConnectionSqlState(e.code)))) {
    return true;
  }
  // Not a query's own `.timeout()`, which is also a KnexTimeoutError: only the pool's wait for a connection.
  if (e.name === "KnexTimeoutError" && typeof e.message === "string" && e.message.includes("acquiring a connection")) return true;
  if (typeof e.message === "string" && /Connection terminated|Client has encountered a connection error/.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => unavailable(inner, depth + 1))) return true;
  return unavailable(e.cause, depth + 1);
}
