import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fallbackStoryTitles, type BreakdownProgressEvent } from "@forgehire/core";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fakes/openai-server.js";
import { buildClient, buildJob, type BuiltUser } from "../../test/factories.js";
import { openSocket, sessionCookie } from "../../test/sockets.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let fake: FakeOpenAi;
let server: TestServer;
let alice: BuiltUser;

const goodAnswer = JSON.stringify({
  stories: [
    {
      title: "Product catalogue",
      description: "As a shopper I browse products. Acceptance criteria: Given products, When I open the shop, Then I see them.",
      priority: "high",
      tasks: [
        { title: "Product list page", description: "Grid of products", priority: "high", estimateHours: 6 },
        { title: "Product detail page", description: "Photos and price", priority: "medium", estimateHours: 4 },
      ],
    },
  ],
});

beforeAll(async () => {
  fake = await startFakeOpenAi();
  // Short timeouts through configuration, not the production constants.
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "400", AI_RETRY_DELAY_MS: "20" });
  alice = await buildClient(server);
});
afterEach(() => {
  fake.requests.length = 0;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const breakDown = async () => {
  const job = await buildJob(alice);
  const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  return { job, body: res.body as { source: string; stories: Array<{ title: string; source: string | null; tasks: unknown[] }> } };
};

describe("AI breakdown through the openai SDK", () => {
  it("stores a good answer with source ai, having asked for JSON by schema with the whole requirements", async () => {
    fake.answers = [{ kind: "json", content: goodAnswer }];
    const { job, body } = await breakDown();
    expect(body.source).toBe("ai");
    // The AI's story first, as answered; what it missed of the requirements follows, from the rules engine.
    expect(body.stories[0]!.title).toBe("Product catalogue");
    expect(body.stories[0]!.tasks).toHaveLength(2);
    expect(body.stories.slice(1).every((story) => story.source?.startsWith("rules:"))).toBe(true);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.model).toBe("fake-model");
    expect(request.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "breakdown", strict: true } });
    const prompt = request.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain(job.title);
    expect(prompt).toContain("How many products?");
    expect(prompt).toContain("About 40");
  });

  it("tolerates text around the JSON", async () => {
    fake.answers = [{ kind: "json", content: `Here is the plan:\n\`\`\`json\n${goodAnswer}\n\`\`\`` }];
    const { body } = await breakDown();
    expect(body.source).toBe("ai");
  });

  it("falls back to the spec's stories after two malformed answers", async () => {
    fake.answers = [{ kind: "json", content: "I cannot help with that." }];
    const { body } = await breakDown();
    expect(body.source).toBe("fallback");
    expect(body.stories.map((s) => s.title)).toEqual([...fallbackStoryTitles]);
    expect(fake.requests).toHaveLength(2);
  });

  it("falls back at once on a 403", async () => {
    fake.answers = [{ kind: "status", status: 403, message: "forbidden" }];
    const { body } = await breakDown();
    expect(body.source).toBe("fallback");
    expect(fake.requests).toHaveLength(1);
  });

  it("retries after a timeout and keeps the second, good answer", async () => {
    fake.answers = [
      { kind: "slow", delayMs: 1500, content: goodAnswer },
      { kind: "json", content: goodAnswer },
    ];
    const { body } = await breakDown();
    expect(body.source).toBe("ai");
    expect(fake.requests).toHaveLength(2);
  });

  it("falls back after an empty answer twice", async () => {
    fake.answers = [{ kind: "json", content: "" }];
    const { job, body } = await breakDown();
    expect(body.source).toBe("fallback");
    const row = await server.services.db("jobs").where({ id: job.id }).first();
    expect(row.breakdown_source).toBe("fallback");
  });

  it("tells the asking user's sockets of each attempt and the retry, and nobody else", async () => {
    fake.answers = [
      { kind: "slow", delayMs: 1500, content: goodAnswer },
      { kind: "json", content: goodAnswer },
    ];
    const bob = await buildClient(server);
    const [mine, theirs] = await Promise.all([
      openSocket(server.url, await sessionCookie(server.url, alice)),
      openSocket(server.url, await sessionCookie(server.url, bob)),
    ]);
    const heard: BreakdownProgressEvent[] = [];
    const overheard: unknown[] = [];
    mine.on("breakdown:progress", (event: BreakdownProgressEvent) => heard.push(event));
    theirs.on("breakdown:progress", (event: unknown) => overheard.push(event));
    try {
      const { job } = await breakDown();
      await expect.poll(() => heard.length).toBe(3);
      expect(heard).toEqual([
        { jobId: job.id, kind: "attempt", attempt: 1, of: 2 },
        { jobId: job.id, kind: "retrying", attempt: 2, of: 2, reason: expect.any(String) },
        { jobId: job.id, kind: "attempt", attempt: 2, of: 2 },
      ]);
      expect(overheard).toEqual([]);
    } finally {
      mine.disconnect();
      theirs.disconnect();
    }
  });
});
