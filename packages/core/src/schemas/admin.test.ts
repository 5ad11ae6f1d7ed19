import { describe, expect, it } from "vitest";
import { adminEmailBody, adminEmailSubject, adminJobFilter, adminListQuery } from "./admin.js";
import { refusal } from "./test-helpers.js";

describe("adminEmailBody", () => {
  it("a blank subject or message is 'Please fill in all fields'", () => {
    expect(refusal(adminEmailBody, { jobId: 3, subject: " ", message: "" })).toEqual({
      code: "FILL_ALL_FIELDS",
      fields: { subject: "Please fill in all fields", message: "Please fill in all fields" },
    });
  });

  it("accepts a job id, subject and message", () => {
    expect(adminEmailBody.parse({ jobId: 3, subject: adminEmailSubject("Shop"), message: "Hi" })).toEqual({
      jobId: 3,
      subject: "Regarding your project: Shop",
      message: "Hi",
    });
  });
});

describe("adminListQuery", () => {
  it("parses ra-data-simple-rest's JSON parameters", () => {
    expect(adminListQuery.parse({ sort: '["title","ASC"]', range: "[0,9]", filter: '{"q":"shop","view":"payment_due"}' })).toEqual({
      sort: ["title", "ASC"],
      range: [0, 9],
      filter: { q: "shop", view: "payment_due" },
    });
    expect(adminListQuery.parse({})).toEqual({ sort: ["createdAt", "DESC"], range: [0, 24], filter: {} });
  });

  it("bad JSON or a bad range is a field error, never a crash", () => {
    expect(refusal(adminListQuery, { sort: "[title" })?.fields).toHaveProperty("sort");
    expect(refusal(adminListQuery, { range: "[10,2]" })?.fields).toHaveProperty("range");
    expect(refusal(adminListQuery, { range: "[0,5000]" })?.fields).toHaveProperty("range");
  });

  it("the job filter knows the dashboard's views", () => {
    expect(adminJobFilter.parse({ view: "with_stories", id: [1, "2"] })).toEqual({ view: "with_stories", id: [1, 2] });
    expect(refusal(adminJobFilter, { view: "overdue" })).not.toBeNull();
  });
});
