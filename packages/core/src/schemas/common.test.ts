import { describe, expect, it } from "vitest";
import { storyCreateBody } from "./breakdown.js";
import { errorCatalogue } from "../errors.js";
import {
  decodeListCursor,
  encodeListCursor,
  idParams,
  inputString,
  jobIdParams,
  listCursorQuery,
  type ListCursor,
  MAX_PAGE,
  NUL_MESSAGE,
  nulFieldErrors,
  optionalText,
  paginationQuery,
  requiredText,
  searchQuery,
} from "./common.js";
import { refusal } from "./test-helpers.js";

describe("ids", () => {
  it("a job id is a positive integer, from a number or digits", () => {
    expect(jobIdParams.parse({ id: "42" })).toEqual({ id: 42 });
    expect(jobIdParams.parse({ id: 42 })).toEqual({ id: 42 });
  });

  it.each(["0", "-1", "abc", "1.5", "01", "", "99999999999", "2147483648", 0, 1.5, true, null])("%j is INVALID_JOB_ID 'Invalid job ID'", (id) => {
    expect(refusal(jobIdParams, { id })).toEqual({ code: "INVALID_JOB_ID", fields: { id: "Invalid job ID" } });
  });

  it("other ids must be UUID-shaped, so the database never sees a malformed one", () => {
    expect(idParams.parse({ id: "0f8fad5b-d9cb-469f-a165-70867728950e" }).id).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(refusal(idParams, { id: "1 or 1=1" })).toEqual({ code: "VALIDATION", fields: { id: "Invalid id" } });
  });
});

describe("NUL characters", () => {
  it("[input-1] every shared text helper refuses U+0000, which PostgreSQL cannot store", () => {
    for (const schema of [inputString(), requiredText(), optionalText(), searchQuery.shape.q]) {
      expect(schema.safeParse("ok").success).toBe(true);
      const result = schema.safeParse("a\u0000b");
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
    }
    expect(refusal(storyCreateBody, { title: "Story\u0000" })).toEqual({ code: "VALIDATION", fields: { title: NUL_MESSAGE } });
  });

  it("[input-1] nulFieldErrors finds a NUL at any depth, in keys too, and names its path", () => {
    expect(nulFieldErrors({ a: "fine", b: ["x", { c: "y\u0000" }] })).toEqual({ "b.1.c": NUL_MESSAGE });
    expect(nulFieldErrors({ "k\u0000": 1 })).toEqual({ "k\\0": NUL_MESSAGE });
    expect(nulFieldErrors("\u0000")).toEqual({ body: NUL_MESSAGE });
    expect(nulFieldErrors({ a: "fine", n: 1, z: null })).toBeUndefined();
  });

  it("[input-2] a page number past MAX_PAGE is refused before it can overflow the database's OFFSET", () => {
    expect(paginationQuery.parse({ page: String(MAX_PAGE) }).page).toBe(MAX_PAGE);
    expect(paginationQuery.safeParse({ page: String(MAX_PAGE + 1) }).success).toBe(false);
    expect(paginationQuery.safeParse({ page: "99999999999999999999" }).success).toBe(false);
  });
});

describe("list cursors", () => {
  it("a cursor reads back as the position it was made from, microseconds kept", () => {
    for (const cursor of [
      { key: "2026-11-26T10:00:00.123456Z", id: 1, page: 2 },
      { key: "0001-01-01T00:00:00.000001Z", id: 2_147_483_647, page: MAX_PAGE },
    ]) {
      const text = encodeListCursor(cursor);
      expect(text).toMatch(/^[\w-]+$/);
      expect(decodeListCursor(text)).toEqual(cursor);
      expect(listCursorQuery.parse({ cursor: text })).toEqual({ cursor });
    }
  });

  // Positions encodeListCursor would never be given, to make cursors the server never hands out.
  const made = (key: unknown, id: unknown, page: unknown) => encodeListCursor({ key, id, page } as ListCursor);
  it.each([
    ["", "empty"],
    ["%%%", "not base64url"],
    ["A", "a length base64 cannot have"],
    [made(1, 2, 3), "a key that is no time"],
    [made("2026-02-30T00:00:00.000000Z", 1, 2), "a day that does not exist"],
    [made("0000-01-01T00:00:00.000000Z", 1, 2), "year 0, which the database refuses"],
    [made("2026-02-01T00:00:00.000Z", 1, 2), "milliseconds only"],
    [made("2026-02-01T00:00:00.000000Z", 0, 2), "id 0"],
    [made("2026-02-01T00:00:00.000000Z", 1, 2.5), "a page that is no whole number"],
    [made("2026-02-01T00:00:00.000000Z", 1, 1), "page 1, which needs no cursor"],
  ])("%j (%s) is INVALID_CURSOR", (cursor) => {
    expect(decodeListCursor(cursor)).toBeUndefined();
    expect(refusal(listCursorQuery, { cursor })).toEqual({ code: "INVALID_CURSOR", fields: { cursor: errorCatalogue.INVALID_CURSOR.message } });
  });
});
