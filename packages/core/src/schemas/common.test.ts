import { describe, expect, it } from "vitest";
import { idParams, jobIdParams } from "./common.js";
import { refusal } from "./test-helpers.js";

describe("ids", () => {
  it("a job id is a positive integer, from a number or digits", () => {
    expect(jobIdParams.parse({ id: "42" })).toEqual({ id: 42 });
    expect(jobIdParams.parse({ id: 42 })).toEqual({ id: 42 });
  });

  it.each(["0", "-1", "abc", "1.5", "01", "", "99999999999", "2147483648", 0, 1.5, true, null])(
    "%j is INVALID_JOB_ID 'Invalid job ID'",
    (id) => {
      expect(refusal(jobIdParams, { id })).toEqual({ code: "INVALID_JOB_ID", fields: { id: "Invalid job ID" } });
    },
  );

  it("other ids must be UUID-shaped, so the database never sees a malformed one", () => {
    expect(idParams.parse({ id: "0f8fad5b-d9cb-469f-a165-70867728950e" }).id).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(refusal(idParams, { id: "1 or 1=1" })).toEqual({ code: "VALIDATION", fields: { id: "Invalid id" } });
  });
});
