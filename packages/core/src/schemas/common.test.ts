import { describe, expect, it } from "vitest";
import { storyCreateBody } from "./breakdown.js";
import {
  idParams,
  inputString,
  jobIdParams,
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
