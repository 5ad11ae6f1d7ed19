import { z } from "zod";

/** PostgreSQL refuses U+0000 in text columns; the field error a string holding one gets. */
export const NUL_MESSAGE = "Must not contain a NUL character";

/**
 * Every string the API accepts: PostgreSQL rejects U+0000 in text, so a NUL is a 400 on this field rather than a
 * database error. Every input schema builds its strings from this (or the helpers below), never from z.string().
 * @param params zod's string parameters (e.g. the error for a non-string)
 * @returns the schema of a NUL-free string
 */
export const inputString = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine((value) => !value.includes("\u0000"), NUL_MESSAGE);

/**
 * The paths of every string (keys included) holding U+0000 in a raw input: the server's last guard before any
 * value reaches the database, covering parts a schema passes through untyped (`z.unknown()`, record keys).
 * @param input a parsed JSON body, query string, path parameters or multipart fields
 * @returns path → message, or undefined when there is none
 */
export function nulFieldErrors(input: unknown): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  const visit = (value: unknown, path: string[], depth: number) => {
    if (typeof value === "string") {
      if (value.includes("\u0000")) fields[path.length ? path.join(".") : "body"] ??= NUL_MESSAGE;
      return;
    }
    // Nesting is bounded by the JSON parser's input size; the depth cap only guards against pathological shapes.
    if (typeof value !== "object" || value === null || depth > 64) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes("\u0000")) fields[[...path, key.replaceAll("\u0000", "\\0")].join(".")] ??= NUL_MESSAGE;
      visit(inner, [...path, key], depth + 1);
    }
  };
  visit(input, [], 0);
  return Object.keys(fields).length ? fields : undefined;
}

/**
 * The furthest row a list may be asked to skip to. OFFSET is a bigint and page × perPage could overflow it; no list
 * holds a billion rows, so anything past this is bad input (400), never a database error.
 */
export const MAX_LIST_OFFSET = 1_000_000_000;

/** The highest page number a paginated list accepts (MAX_LIST_OFFSET rows at the largest page size). */
export const MAX_PAGE = MAX_LIST_OFFSET / 100;

/** Page numbers start at 1; a page holds at most 100 rows so that no list is unbounded. */
export const paginationQuery = z.object({
  /** 1-based page number */
  page: z.coerce.number().int().min(1).max(MAX_PAGE, `At most ${MAX_PAGE}`).default(1),
  /** rows per page */
  perPage: z.coerce.number().int().min(1).max(100).default(24),
});
/** What a handler receives once `paginationQuery` has parsed the input. */
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** The envelope of every paginated list of the public API. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * A trimmed string that must not be empty.
 * @param max the longest allowed length
 * @returns the schema
 */
export const requiredText = (max = 10_000) => inputString().trim().min(1).max(max);

/** The largest job id PostgreSQL's integer column holds; larger input would be a database error, not a 404. */
export const MAX_JOB_ID = 2_147_483_647;

const INVALID_JOB_ID = "Invalid job ID";

/** A job id: a positive integer, given as a number in bodies or as digits in paths and queries. */
export const jobId = z.union(
  [
    z.number().int(INVALID_JOB_ID).min(1, INVALID_JOB_ID).max(MAX_JOB_ID, INVALID_JOB_ID),
    inputString()
      .regex(/^[1-9]\d{0,9}$/, INVALID_JOB_ID)
      .transform(Number)
      .pipe(z.number().max(MAX_JOB_ID, INVALID_JOB_ID)),
  ],
  { error: INVALID_JOB_ID },
);

/** Path parameters of `/api/jobs/:id/…`. */
export const jobIdParams = z.object({
  /** the job id from the path; anything but a positive integer is 'Invalid job ID' */
  id: jobId,
});
/** What a handler receives once `jobIdParams` has parsed the input. */
export type JobIdParams = z.infer<typeof jobIdParams>;

/**
 * An id other than a job id: opaque to clients, a UUID in our database. Checking the form here turns a malformed
 * id into a 400 instead of a database error.
 * @param message the field error for a malformed id
 * @returns the schema of a UUID-shaped string
 */
export const uuidId = (message = "Invalid id") => z.guid({ error: message });

/** Path parameters of `/api/stories/:id`, `/api/tasks/:id`, `/api/freelancers/:id` and the like. */
export const idParams = z.object({
  /** the record's id from the path */
  id: uuidId(),
});
/** What a handler receives once `idParams` has parsed the input. */
export type IdParams = z.infer<typeof idParams>;

/**
 * Free text of a form: trimmed, blank allowed (blank clears the field).
 * @param max the longest allowed length
 * @returns the schema
 */
export const optionalText = (max = 10_000) => inputString().trim().max(max, `At most ${max} characters`);

/** A free-text search box: trimmed, blank means no search. */
export const searchQuery = z.object({
  /** words to look for; blank or absent lists everything */
  q: inputString().trim().max(200).optional(),
});
/** What a handler receives once `searchQuery` has parsed the input. */
export type SearchQuery = z.infer<typeof searchQuery>;
