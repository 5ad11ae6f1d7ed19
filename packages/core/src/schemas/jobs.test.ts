import { describe, expect, it } from "vitest";
import { quote } from "../pricing/quote.js";
import { nextQuestions } from "../wizard/analysis.js";
import { jobCreateBody, jobUpdateBody, myJobsQuery, quoteBody, wizardAnalysisBody } from "./jobs.js";
import { refusal } from "./test-helpers.js";

const valid = {
  title: "  Salon booking site ",
  description: "Customers book appointments online.",
  industry: "Fitness & Wellness",
  scope: 500,
};

describe("jobCreateBody", () => {
  it("accepts the required fields, trimming text", () => {
    expect(jobCreateBody.parse(valid)).toEqual({ ...valid, title: "Salon booking site" });
  });

  it("accepts but ignores a budget sent by the client", () => {
    const parsed = jobCreateBody.parse({ ...valid, budget: 1 });
    expect(parsed).not.toHaveProperty("budget");
  });

  it("missing title, description, industry or scope is MISSING_FIELDS with each field named", () => {
    expect(refusal(jobCreateBody, {})).toEqual({
      code: "MISSING_FIELDS",
      fields: {
        title: "Please fill all required fields before proceeding",
        description: "Please fill all required fields before proceeding",
        industry: "Please fill all required fields before proceeding",
        scope: "Please fill all required fields before proceeding",
      },
    });
    expect(refusal(jobCreateBody, { ...valid, title: "   " })?.code).toBe("MISSING_FIELDS");
    expect(refusal(jobCreateBody, { ...valid, industry: "" })?.code).toBe("MISSING_FIELDS");
  });

  it("the industry must be one of the 21", () => {
    expect(refusal(jobCreateBody, { ...valid, industry: "Space Mining" })).toEqual({
      code: "VALIDATION",
      fields: { industry: "Please choose one of the listed industries" },
    });
  });

  it("the scope must be one of the six prices", () => {
    expect(refusal(jobCreateBody, { ...valid, scope: 250 })?.code).toBe("INVALID_SCOPE");
    expect(refusal(jobCreateBody, { ...valid, scope: "500" })?.code).toBe("INVALID_SCOPE");
  });

  it("extras are booleans, missing ones false, unknown ones refused", () => {
    expect(jobCreateBody.parse({ ...valid, additionalServices: { hosting: true } }).additionalServices).toEqual({
      contentDevelopment: false,
      deployment: false,
      productionReady: false,
      customTechStack: false,
      hosting: true,
    });
    expect(refusal(jobCreateBody, { ...valid, additionalServices: { seo: true } })?.fields).toHaveProperty("additionalServices");
  });

  it("compliance types and integrations must be known options; repeats are dropped", () => {
    const parsed = jobCreateBody.parse({ ...valid, complianceTypes: ["GDPR", "HIPAA", "GDPR"], integrationSystems: ["Zoom"] });
    expect(parsed.complianceTypes).toEqual(["GDPR", "HIPAA"]);
    expect(refusal(jobCreateBody, { ...valid, complianceTypes: ["SOX"] })?.fields).toHaveProperty("complianceTypes.0");
    expect(refusal(jobCreateBody, { ...valid, integrationSystems: ["Slack"] })?.fields).toHaveProperty("integrationSystems.0");
  });

  it("project-specific fields are the 22 typed keys, nothing else", () => {
    const fields = { needsChatbot: true, workflowDetails: " Book, pay, confirm ", needsNLP: false };
    expect(jobCreateBody.parse({ ...valid, projectSpecificFields: fields }).projectSpecificFields).toEqual({
      ...fields,
      workflowDetails: "Book, pay, confirm",
    });
    expect(refusal(jobCreateBody, { ...valid, projectSpecificFields: { needsChatbot: "yes" } })?.fields).toHaveProperty("projectSpecificFields.needsChatbot");
    expect(refusal(jobCreateBody, { ...valid, projectSpecificFields: { needsTeleport: true } })?.fields).toHaveProperty("projectSpecificFields");
  });

  it("answers: at most 12, each question once, blank answers allowed", () => {
    const answer = (index: number, text = "") => ({ questionId: `q${index}`, question: `Question ${index}?`, answer: text });
    expect(jobCreateBody.parse({ ...valid, answers: [answer(1), answer(2, " Yes ")] }).answers).toEqual([answer(1), answer(2, "Yes")]);
    expect(refusal(jobCreateBody, { ...valid, answers: Array.from({ length: 13 }, (_, index) => answer(index)) })).not.toBeNull();
    expect(refusal(jobCreateBody, { ...valid, answers: [answer(1), answer(1)] })?.fields).toEqual({
      answers: "Each question may appear only once",
    });
  });

  it("the delivery date is a real calendar date", () => {
    expect(jobCreateBody.parse({ ...valid, expectedDeliveryDate: "2025-06-30" }).expectedDeliveryDate).toBe("2025-06-30");
    expect(refusal(jobCreateBody, { ...valid, expectedDeliveryDate: "2025-02-30" })).not.toBeNull();
  });

  it("user categories are non-blank texts", () => {
    expect(refusal(jobCreateBody, { ...valid, userCategories: ["Patients", " "] })).not.toBeNull();
  });
});

describe("jobUpdateBody", () => {
  it("every field is optional and nothing is filled in that was not sent", () => {
    expect(jobUpdateBody.parse({})).toEqual({});
    expect(jobUpdateBody.parse({ budget: 10, scope: 1999 })).toEqual({ scope: 1999 });
  });

  it("a sent title still may not be blank", () => {
    expect(refusal(jobUpdateBody, { title: " " })?.code).toBe("MISSING_FIELDS");
  });
});

describe("myJobsQuery", () => {
  it("defaults to all and the first page, coercing query strings", () => {
    expect(myJobsQuery.parse({})).toEqual({ filter: "all", page: 1, perPage: 24 });
    expect(myJobsQuery.parse({ filter: "unpaid", page: "2", perPage: "10" })).toEqual({
      filter: "unpaid",
      page: 2,
      perPage: 10,
    });
  });

  it("refuses an unknown filter and oversized pages", () => {
    expect(refusal(myJobsQuery, { filter: "overdue" })?.fields).toEqual({ filter: "Unknown filter" });
    expect(refusal(myJobsQuery, { perPage: "1000" })).not.toBeNull();
  });
});

describe("quoteBody", () => {
  it("defaults to no extras and feeds quote", () => {
    const body = quoteBody.parse({ scope: 50 });
    expect(quote(body).total).toBe(50);
    expect(quote(quoteBody.parse({ scope: 50, additionalServices: { hosting: true } })).total).toBe(100);
  });

  it("refuses a scope that is not offered", () => {
    expect(refusal(quoteBody, { scope: 75 })?.code).toBe("INVALID_SCOPE");
  });
});

describe("wizardAnalysisBody", () => {
  it("an empty body is a blank form with no answers", () => {
    expect(wizardAnalysisBody.parse({})).toEqual({ form: { scope: null }, answers: [] });
  });

  it("takes the spec's budget field as the scope when no scope is sent", () => {
    expect(wizardAnalysisBody.parse({ form: { budget: 1999 } }).form.scope).toBe(1999);
    expect(wizardAnalysisBody.parse({ form: { budget: 1234 } }).form.scope).toBeNull();
    expect(wizardAnalysisBody.parse({ form: { scope: "" } }).form.scope).toBeNull();
  });

  it("feeds nextQuestions", () => {
    const body = wizardAnalysisBody.parse({ form: { scope: 500, industry: "Finance" }, answers: [] });
    expect(nextQuestions(body).questions).toHaveLength(3);
  });
});
