import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { additionalServiceKeys, catalog, quote, scopes } from "@forgehire/core";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("catalogue", () => {
  it("is public and lists the six scopes, 21 industries, 17 skills, 11 domains and 11 languages", async () => {
    const res = await server.agent().get("/api/catalog").expect(200);
    expect(res.body).toEqual({ ...catalog(), features: { aiEnhance: false } });
    expect(res.body.scopes.map((s: { budget: number }) => s.budget)).toEqual([1, 50, 199, 500, 1999, 4999]);
    expect(res.body.industries).toHaveLength(21);
    expect(res.body.industries).toContain("Others");
    expect(res.body.skills).toHaveLength(17);
    expect(res.body.domains).toHaveLength(11);
    expect(res.body.languages).toHaveLength(11);
  });
});

describe("quote", () => {
  it("matches core for every scope and every combination of extras", async () => {
    const agent = server.agent();
    const combinations = Array.from({ length: 2 ** additionalServiceKeys.length }, (_, mask) =>
      Object.fromEntries(additionalServiceKeys.map((key, bit) => [key, Boolean(mask & (1 << bit))])),
    );
    for (const scope of scopes) {
      for (const additionalServices of combinations) {
        const res = await agent.post("/api/quote").send({ scope, additionalServices }).expect(200);
        const expected = quote({ scope, additionalServices }, new Date());
        expect(res.body.total, JSON.stringify({ scope, additionalServices })).toBe(expected.total);
        expect(res.body.lines).toEqual(expected.lines);
        expect(res.body.expectedDeliveryDate).toBe(expected.expectedDeliveryDate);
      }
    }
  });

  it("doubles the running total for hosting, applied last", async () => {
    const res = await server
      .agent()
      .post("/api/quote")
      .send({ scope: 50, additionalServices: { contentDevelopment: true, hosting: true } })
      .expect(200);
    expect(res.body.total).toBe((50 + 40) * 2);
  });

  it("refuses an unknown scope or extra with 400", async () => {
    await server.agent().post("/api/quote").send({ scope: 51 }).expect(400);
    await server
      .agent()
      .post("/api/quote")
      .send({ scope: 50, additionalServices: { freeLunch: true } })
      .expect(400);
  });
});

describe("wizard analysis", () => {
  it("offers the first three questions by default, then completes at three answers", async () => {
    const first = await server
      .agent()
      .post("/api/wizard/analysis")
      .send({ form: { scope: 500, industry: "Healthcare" }, answers: [] })
      .expect(200);
    expect(first.body.status).toBe("needs-more-info");
    expect(first.body.questions).toHaveLength(3);
    const answers = first.body.questions.map((q: { id: string; question: string }) => ({ questionId: q.id, question: q.question, answer: "Yes" }));
    const second = await server
      .agent()
      .post("/api/wizard/analysis")
      .send({ form: { scope: 500 }, answers })
      .expect(200);
    expect(second.body.status).toBe("complete");
  });

  it("reports duplicate questions", async () => {
    const answers = [
      { questionId: "a", question: "Who are your main users?", answer: "" },
      { questionId: "b", question: "who are your main users?", answer: "" },
    ];
    const res = await server.agent().post("/api/wizard/analysis").send({ form: {}, answers }).expect(200);
    expect(res.body.duplicates.length).toBeGreaterThan(0);
  });
});
