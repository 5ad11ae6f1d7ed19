import { z } from "zod";
import { errorCatalogue } from "../errors.js";

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
 * value reaches the database, covering parts a schema passes through untyped (`z.unknown()`, record keys). One pass
 * over the values with a single path that grows and shrinks as it goes: a path is spelt out only for a NUL found,
 * so a clean body costs a visit per value and nothing more.
 * @param input a parsed JSON body, query string, path parameters or multipart fields
 * @returns path → message, or undefined when there is none
 */
export function nulFieldErrors(input: unknown): Record<string, string> | undefined {
  let fields: Record<string, string> | undefined;
  const path: Array<string | number> = [];
  const found = (at: string) => {
    fields ??= {};
    fields[at] ??= NUL_MESSAGE;
  };
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === "string") {
      if (value.includes("\u0000")) found(path.length ? path.join(".") : "body");
      return;
    }
    // JSON bodies are capped in depth before they are parsed; this only guards other callers against pathological shapes.
    if (typeof value !== "object" || value === null || depth > 64) return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        visit(value[index], depth + 1);
        path.pop();
      }
      return;
    }
    for (const key of Object.keys(value)) {
      if (key.includes("\u0000")) found([...path, key.replaceAll("\u0000", "\\0")].join("."));
      path.push(key);
      visit((value as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };
  visit(input, 0);
  return fields;
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

/** A job list's page with the keyset extension: `nextCursor` opens the next page, null on the last one. */
export interface CursorPage<T> extends Page<T> {
  nextCursor: string | null;
}

/**
 * Where a keyset page starts: just after the row whose sort key and id these are, in the list's order. `key` is a
 * creation time to the microsecond (`2026-11-26T10:00:00.123456Z`, the database's own precision, which a JS Date
 * would round), and `page` the number of the page the cursor opens, so a page read by cursor still says which it is.
 */
export interface ListCursor {
  key: string;
  id: number;
  page: number;
}

const INVALID_CURSOR = errorCatalogue.INVALID_CURSOR.message;
const microsecondTime = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;

/** A real instant the database can hold: a well-formed date that exists (no 30 February), year 1 or later. */
function isMicrosecondTime(key: string): boolean {
  const millis = microsecondTime.exec(key)?.[1];
  if (!millis) return false;
  const time = new Date(`${millis}Z`);
  return !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 1 && time.toISOString() === `${millis}Z`;
}

// base64url of ASCII text, written out because core runs in every runtime and names none of their globals (btoa).
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
function toBase64Url(ascii: string): string {
  let out = "";
  for (let i = 0; i < ascii.length; i += 3) {
    const bytes = [ascii.charCodeAt(i), ascii.charCodeAt(i + 1), ascii.charCodeAt(i + 2)];
    const word = (bytes[0]! << 16) | ((bytes[1]! || 0) << 8) | (bytes[2]! || 0);
    const chars = Math.min(4, Math.ceil(((ascii.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += BASE64URL[(word >> (18 - 6 * c)) & 63];
  }
  return out;
}
function fromBase64Url(text: string): string | undefined {
  if (text.length % 4 === 1) return undefined;
  let out = "";
  for (let i = 0; i < text.length; i += 4) {
    const digits = [...text.slice(i, i + 4)].map((char) => BASE64URL.indexOf(char));
    if (digits.includes(-1)) return undefined;
    const word = digits.reduce((sum, digit, c) => sum | (digit << (18 - 6 * c)), 0);
    for (let b = 0; b < digits.length - 1; b++) out += String.fromCharCode((word >> (16 - 8 * b)) & 255);
  }
  return out;
}

/**
 * The opaque text of a cursor: base64url of `[key, id, page]`, so clients pass it back and never build one.
 * @param cursor the position
 * @returns text safe in a query string
 */
export function encodeListCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify([cursor.key, cursor.id, cursor.page]));
}

/**
 * Reads a cursor made by encodeListCursor.
 * @param text the cursor as the client sent it
 * @returns the position, or undefined for anything encodeListCursor could not have made
 */
export function decodeListCursor(text: string): ListCursor | undefined {
  if (!/^[\w-]{1,200}$/.test(text)) return undefined;
  const json = fromBase64Url(text);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [key, id, page] = value as unknown[];
  if (typeof key !== "string" || !isMicrosecondTime(key)) return undefined;
  if (!Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > MAX_JOB_ID) return undefined;
  if (!Number.isSafeInteger(page) || (page as number) < 2 || (page as number) > MAX_PAGE) return undefined;
  return { key, id: id as number, page: page as number };
}

/** `?cursor=`: the `nextCursor` of the previous page; anything else is 'INVALID_CURSOR'. */
export const listCursorQuery = z.object({
  /** the previous page's nextCursor; the page number is then the cursor's, and `page` is ignored */
  cursor: inputString()
    .transform((text, context) => {
      const cursor = decodeListCursor(text);
      if (cursor) return cursor;
      context.addIssue({ code: "custom", message: INVALID_CURSOR });
      return z.NEVER;
    })
    .optional(),
});

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
