import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ENHANCE_LIMIT, ENHANCE_SCHEMA_NAME } from "@forgehire/core";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fakes/openai-server.js";
import { buildAdmin, buildClient, buildFreelancer, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let fake: FakeOpenAi;
let server: TestServer;
let alice: BuiltUser;

const request = {
  title: "Bakery website",
  description: "website for my bakery, show cakes and let people order",
  keyFeatures: "cake menu\norders",
  industry: "Food & Beverage",
  scope: 199,
  targetAudience: "Locals",
};
const proposal = {
  description: "A website for a neighbourhood bakery where locals browse the cakes and order them for pickup.",
  keyFeatures: ["- Cake menu with photos and prices", "Online orders with a pickup time", "cake menu with photos and prices"],
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  // A short AI window, so the timeout case is quick.
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "800", AI_RETRY_DELAY_MS: "20" });
  alice = await buildClient(server);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.answers = [{ kind: "json", content: JSON.stringify(proposal) }];
});

describe("POST /api/wizard/enhance with an AI configured", () => {
  it("the catalogue says the AI enhancement is offered", async () => {
    const res = await server.agent().get("/api/catalog").expect(200);
    expect(res.body.features).toEqual({ aiEnhance: true });
  });

  it("answers the AI's proposal, cleaned, with the key features one per line; the request is schema-constrained", async () => {
    const res = await alice.agent.post("/api/wizard/enhance").send(request).expect(200);
    expect(res.body).toEqual({
      description: proposal.description,
      keyFeatures: "Cake menu with photos and prices\nOnline orders with a pickup time",
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.model).toBe("fake-model");
    expect(sent.response_format).toMatchObject({ type: "json_schema", json_schema: { name: ENHANCE_SCHEMA_NAME, strict: true } });
    const user = sent.messages.find((message) => message.role === "user")!.content;
    for (const text of [
      "Title: Bakery website",
      "website for my bakery, show cakes and let people order",
      "cake menu",
      "Industry: Food & Beverage",
      "Target audience: Locals",
      "eCommerce Starter",
    ]) {
      expect(user).toContain(text);
    }
  });

  it("admins may ask too", async () => {
    const admin = await buildAdmin(server);
    await admin.agent.post("/api/wizard/enhance").send(request).expect(200);
  });

  it("refuses signed-out visitors (401) and freelancers (403) without calling the AI", async () => {
    const before = fake.requests.length;
    const visitor = await server.agent().post("/api/wizard/enhance").send(request).expect(401);
    expect(visitor.body.error.code).toBe("UNAUTHENTICATED");
    const freelancer = await buildFreelancer(server);
    const refused = await freelancer.agent.post("/api/wizard/enhance").send(request).expect(403);
    expect(refused.body.error).toMatchObject({ code: "ENHANCE_DENIED", title: "Permission Denied" });
    expect(fake.requests.length).toBe(before);
  });

  it("needs a title and a description (400 MISSING_FIELDS with fields), and refuses an unknown scope", async () => {
    const before = fake.requests.length;
    const missing = await alice.agent.post("/api/wizard/enhance").send({ title: "Bakery", description: "  " }).expect(400);
    expect(missing.body.error.code).toBe("MISSING_FIELDS");
    expect(Object.keys(missing.body.error.fields)).toContain("description");
    await alice.agent
      .post("/api/wizard/enhance")
      .send({ ...request, scope: 51 })
      .expect(400);
    expect(fake.requests.length).toBe(before);
  });

  it("an answer that is not the JSON asked for → 502 AI_BAD_ANSWER in the error shape", async () => {
    fake.answers = [{ kind: "json", content: "Sure! Here is a better description: a bakery site." }];
    const res = await alice.agent.post("/api/wizard/enhance").send(request).expect(502);
    expect(res.body.error).toMatchObject({ code: "AI_BAD_ANSWER", title: "AI Answer Unusable" });
    expect(res.body.error.message).toMatch(/could not use/);
  });

  it("an error status from the AI → 503 AI_UNAVAILABLE, with no detail of the AI's error", async () => {
    fake.answers = [{ kind: "status", status: 500, message: "model overloaded at node 7" }];
    const res = await alice.agent.post("/api/wizard/enhance").send(request).expect(503);
    expect(res.body.error).toMatchObject({ code: "AI_UNAVAILABLE", title: "AI Unavailable" });
    expect(JSON.stringify(res.body)).not.toContain("node 7");
  });

  it("an AI slower than AI_TIMEOUT_MS → 503 AI_UNAVAILABLE after one attempt", async () => {
    fake.answers = [{ kind: "slow", delayMs: 3_000, content: JSON.stringify(proposal) }];
    const before = fake.requests.length;
    const started = Date.now();
    const res = await alice.agent.post("/api/wizard/enhance").send(request).expect(503);
    expect(res.body.error.code).toBe("AI_UNAVAILABLE");
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(fake.requests.length).toBe(before + 1);
  });

  it(`allows ${ENHANCE_LIMIT} enhancements per user per window, then 429 RATE_LIMITED; other users keep theirs`, async () => {
    const bruno = await buildClient(server);
    for (let i = 0; i < ENHANCE_LIMIT; i++) await bruno.agent.post("/api/wizard/enhance").send(request).expect(200);
    const limited = await bruno.agent.post("/api/wizard/enhance").send(request).expect(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    const carla = await buildClient(server);
    await carla.agent.post("/api/wizard/enhance").send(request).expect(200);
  });
});

describe("without an AI configured", () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(async () => {
    await plain?.stop();
  });

  it("the catalogue says no AI enhancement, and the endpoint answers 404 AI_NOT_CONFIGURED", async () => {
    const catalog = await plain.agent().get("/api/catalog").expect(200);
    expect(catalog.body.features).toEqual({ aiEnhance: false });
    const client = await buildClient(plain);
    const res = await client.agent.post("/api/wizard/enhance").send(request).expect(404);
    expect(res.body.error).toMatchObject({ code: "AI_NOT_CONFIGURED", message: "AI enhancement is not available on this server." });
  });
});
