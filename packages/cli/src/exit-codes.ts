import { isDomainError, type ErrorKind } from "@forgehire/core";

/**
 * Every exit code of the CLI (README's CLI section lists them too). One per error kind, so scripts can tell a bad
 * argument from a missing record, plus the CLI's own.
 */
export const exitCodes = {
  ok: 0,
  /** Anything unexpected (a bug, the database gone). */
  internal: 1,
  /** A bad or missing argument or option, a value the rules reject, a missing or wrong configuration (a DATA_DIR open to others). */
  usage: 2,
  /** The acting account may not do this. */
  forbidden: 3,
  notFound: 4,
  /** The record's state forbids it (e.g. locking a started job, an email already taken). */
  conflict: 5,
  paymentFailed: 6,
  rateLimited: 7,
  /** An outside service (AI, payment provider, SMTP) did not answer. */
  upstreamUnavailable: 8,
  /** The embedded database is held by a process that does not share it (another CLI command, an old server). */
  databaseBusy: 9,
  /** A destructive command needs confirmation: --yes, or answer on a terminal. */
  notConfirmed: 10,
  /** The database schema is behind the code: run forgehire db:migrate. */
  notMigrated: 11,
  /** Some items of a batch failed (jobs:create, emails:retry, payments:reconcile): the others were done. */
  partial: 12,
  /** ledger:verify found a broken money invariant (the lines say which, on which job). */
  ledgerViolated: 12,
} as const;

/** One exit code per error kind. */
export const exitCodeByKind: Record<ErrorKind, number> = {
  validation: exitCodes.usage,
  unauthenticated: exitCodes.forbidden,
  forbidden: exitCodes.forbidden,
  not_found: exitCodes.notFound,
  conflict: exitCodes.conflict,
  payment_failed: exitCodes.paymentFailed,
  too_large: exitCodes.usage,
  unsupported_type: exitCodes.usage,
  rate_limited: exitCodes.rateLimited,
  upstream_unavailable: exitCodes.upstreamUnavailable,
  // The outside service answered, but unusably: to a script, as good as no answer.
  upstream_failed: exitCodes.upstreamUnavailable,
  internal: exitCodes.internal,
};

/** Thrown by a command for a problem with how it was called. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Thrown when a destructive command was not confirmed. */
export class NotConfirmedError extends Error {
  override name = "NotConfirmedError";
}

/** Thrown when the database schema is behind the code. */
export class NotMigratedError extends Error {
  override name = "NotMigratedError";
}

/**
 * The one line and the exit code a failure ends the CLI with.
 * @param error what a command threw
 */
export function describeFailure(error: unknown): { line: string; code: number } {
  if (isDomainError(error)) {
    if (error.kind === "validation" && error.fields) return { line: terminalWording(error.message, error.fields), code: exitCodes.usage };
    return { line: error.message, code: exitCodeByKind[error.kind] };
  }
  if (error instanceof UsageError) return { line: error.message, code: exitCodes.usage };
  if (error instanceof NotConfirmedError) return { line: error.message, code: exitCodes.notConfirmed };
  if (error instanceof NotMigratedError) return { line: error.message, code: exitCodes.notMigrated };
  // Matched by name so that this module does not load the services (and the database driver) for --help.
  if (error instanceof Error && error.name === "ConfigError") return { line: oneLine(error.message), code: exitCodes.usage };
  // DATA_DIR open to group or others: a setting to fix (the line says how), as PostgreSQL refuses its data directory.
  if (error instanceof Error && error.name === "DataDirPermissionError") return { line: error.message, code: exitCodes.usage };
  if (error instanceof Error && error.name === "DataDirBusyError") return { line: error.message, code: exitCodes.databaseBusy };
  // An undefined table or column: the schema is behind (e.g. a rollback ran under a running command).
  if (isPgCode(error, "42P01") || isPgCode(error, "42703")) {
    return { line: "The database schema does not match this version: run forgehire db:migrate", code: exitCodes.notMigrated };
  }
  return { line: oneLine(error instanceof Error ? error.message : String(error)), code: exitCodes.internal };
}

/** The names a terminal user typed for the schemas' fields: the options (`--per-page`), `--type` for userType, `<id>` for an argument. */
const argumentNames: Record<string, string> = { id: "<id>", userType: "--type", body: "the input" };

/** A field's name as the command line spells it: `perPage` is `--per-page`. */
export function optionName(field: string): string {
  return argumentNames[field] ?? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * A rejected value in a terminal's words: the form's "Please check the highlighted fields." has no fields to
 * highlight here, so the line names each bad option and why; a specific message ("Invalid job ID") is said once.
 */
function terminalWording(message: string, fields: Record<string, string>): string {
  const entries = Object.entries(fields);
  if (entries.every(([, why]) => why === message))
    return entries.length === 1 ? message : `${message}: ${entries.map(([field]) => optionName(field)).join(", ")}`;
  return entries.map(([field, why]) => `${optionName(field)}: ${why}`).join("; ");
}

function isPgCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/** Messages from libraries can span lines (or hold a JSON body): the CLI ends with one readable line. */
function oneLine(message: string): string {
  const line = message.replace(/\s*\n\s*/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
