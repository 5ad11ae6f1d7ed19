import { isDomainError, type ErrorKind } from "@forgehire/core";

/** One exit code per error kind, so scripts can tell a bad argument from a missing record. */
export const exitCodeByKind: Record<ErrorKind, number> = {
  validation: 2,
  unauthenticated: 3,
  forbidden: 3,
  not_found: 4,
  conflict: 5,
  payment_failed: 6,
  too_large: 2,
  unsupported_type: 2,
  rate_limited: 7,
  upstream_unavailable: 8,
  internal: 1,
};

/** Thrown by a command for a problem with how it was called. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * The one line and the exit code a failure ends the CLI with.
 * @param error what a command threw
 */
export function describeFailure(error: unknown): { line: string; code: number } {
  if (isDomainError(error)) {
    const fields = error.fields ? ` (${Object.entries(error.fields).map(([k, v]) => `${k}: ${v}`).join("; ")})` : "";
    return { line: `${error.message}${fields}`, code: exitCodeByKind[error.kind] };
  }
  if (error instanceof UsageError) return { line: error.message, code: 2 };
  // Matched by name so that this module does not load the services (and the database driver) for --help.
  if (error instanceof Error && error.name === "ConfigError") return { line: error.message.replace(/\n\s*/g, " "), code: 2 };
  if (error instanceof Error && error.name === "DataDirBusyError") return { line: error.message, code: 9 };
  return { line: error instanceof Error ? error.message : String(error), code: 1 };
}
