import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fallbackStoryTitles, type BreakdownDoneEvent, type BreakdownProgressEvent } from "@forgehire/core";
import { userChannel } from "@forgehire/services";
import { breakDownWithAi } from "../../test/breakdown-runs.js";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fakes/openai-server.js";
import { buildAdmin, buildClient, buildJob, type BuiltUser } from "../../test/factories.js";
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
  const { runId, run, stories } = await breakDownWithAi(alice, job.id);
  expect(run.status).toBe("succeeded");
  return { job, runId, body: { source: run.result!.source, stories } };
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

  it("tells the owner's and the admins' sockets of each attempt, the retry and the end of the run, and nobody else", async () => {
    fake.answers = [
      { kind: "slow", delayMs: 1500, content: goodAnswer },
      { kind: "json", content: goodAnswer },
    ];
    const bob = await buildClient(server);
    const admin = await buildAdmin(server);
    const [mine, theirs, admins] = await Promise.all([
      openSocket(server.url, await sessionCookie(server.url, alice)),
      openSocket(server.url, await sessionCookie(server.url, bob)),
      openSocket(server.url, await sessionCookie(server.url, admin)),
    ]);
    const heard: BreakdownProgressEvent[] = [];
    const done: BreakdownDoneEvent[] = [];
    const adminDone: BreakdownDoneEvent[] = [];
    const overheard: unknown[] = [];
    mine.on("breakdown:progress", (event: BreakdownProgressEvent) => heard.push(event));
    mine.on("breakdown:done", (event: BreakdownDoneEvent) => done.push(event));
    admins.on("breakdown:done", (event: BreakdownDoneEvent) => adminDone.push(event));
    theirs.on("breakdown:progress", (event: unknown) => overheard.push(event));
    theirs.on("breakdown:done", (event: unknown) => overheard.push(event));
    try {
      const { job, runId, body } = await breakDown();
      await expect.poll(() => done.length).toBe(1);
      expect(done[0]).toEqual({ runId, jobId: job.id, status: "succeeded", storyCount: body.stories.length, source: "ai" });
      await expect.poll(() => adminDone).toEqual(done);
      expect(heard.map((event) => [event.runId, event.jobId, event.status, event.progress.step.kind])).toEqual([
        [runId, job.id, "running", "attempt"],
        [runId, job.id, "running", "retrying"],
        [runId, job.id, "running", "attempt"],
        [runId, job.id, "running", "saving"],
        [runId, job.id, "succeeded", "done"],
      ]);
      expect(heard.at(-1)!.progress.percent).toBe(100);
      expect(overheard).toEqual([]);
    } finally {
      mine.disconnect();
      theirs.disconnect();
      admins.disconnect();
    }
  });

  it("[rights-7] stops telling an admin's open socket of others' runs once the admin is demoted, even in the database directly", async () => {
    const admin = await buildAdmin(server);
    const [mine, admins] = await Promise.all([
      openSocket(server.url, await sessionCookie(server.url, alice)),
      openSocket(server.url, await sessionCookie(server.url, admin)),
    ]);
    const heardByAdmin: BreakdownProgressEvent[] = [];
    const doneForAlice: BreakdownDoneEvent[] = [];
    admins.on("breakdown:progress", (event: BreakdownProgressEvent) => heardByAdmin.push(event));
    mine.on("breakdown:done", (event: BreakdownDoneEvent) => doneForAlice.push(event));
    try {
      fake.answers = [{ kind: "json", content: goodAnswer }];
      const before = await breakDown();
      await expect.poll(() => heardByAdmin.some((event) => event.runId === before.runId)).toBe(true);

      // Not through the admin route (which also ends the user's sockets): the socket stays open, and must not keep
      // the rights its user had when it connected.
      await server.services.db("users").where({ id: admin.user.id }).update({ user_type: "client", role_type: "job_poster" });
      heardByAdmin.length = 0;
      const after = await breakDown();
      // Alice's own copy of the run's end went out after every progress event of the run.
      await expect.poll(() => doneForAlice.some((event) => event.runId === after.runId)).toBe(true);
      // Anything sent to the admin's socket before a message to its own user channel has reached it by then.
      const sentinel = new Promise<void>((resolve) => admins.once("chat:read", () => resolve()));
      server.services.realtime.publish(userChannel(admin.user.id), "chat:read", { roomId: "sentinel" });
      await sentinel;
      expect(heardByAdmin).toEqual([]);
    } finally {
      mine.disconnect();
      admins.disconnect();
    }
  });
});
