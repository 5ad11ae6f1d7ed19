import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingCapabilities, type StoryDraft } from "@forgehire/core";
import { breakdownFixtures, incompleteAiAnswer } from "@forgehire/core/bench-fixtures";
import { createAiEngine, createLogger } from "@forgehire/services";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fakes/openai-server.js";
import { breakDownWithAi } from "../../test/breakdown-runs.js";
import { buildClient, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let fake: FakeOpenAi;
let server: TestServer;
let alice: BuiltUser;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "2000", AI_RETRY_DELAY_MS: "20" });
  alice = await buildClient(server);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("the AI path can never lose a requirement", () => {
  it("an AI answer missing requested capabilities is completed from the rules engine, marked rules: in source", async () => {
    const job = await buildJob(alice);
    fake.answers = [
      {
        kind: "json",
        content: JSON.stringify({
          stories: [
            {
              title: "Catalogue",
              description: "As a shopper, I want to browse the soaps.",
              priority: "high",
              source: "keyFeature",
              tasks: [
                {
                  title: "Catalogue grid",
                  description: "A grid of soaps.",
                  priority: "high",
                  estimateHours: 4,
                  acceptanceCriteria: ["Given 40 soaps, when the shop opens, then all 40 are listed."],
                  source: "keyFeature",
                },
              ],
            },
          ],
        }),
      },
    ];
    const { run, stories } = await breakDownWithAi(alice, job.id);
    expect(run.result?.source).toBe("ai");
    expect(stories[0]!.title).toBe("Catalogue");
    expect(stories[0]!.tasks[0]!.acceptanceCriteria).toEqual(["Given 40 soaps, when the shop opens, then all 40 are listed."]);
    const sources = stories.flatMap((story) => [story.source, ...story.tasks.map((task) => task.source)]);
    for (const source of [
      "rules:flag:needsShoppingCart",
      "rules:flag:needsPaymentProcessing",
      "rules:integration:Email Systems",
      "rules:compliance:GDPR",
      "rules:extra:contentDevelopment",
      "rules:answer:q1",
    ]) {
      expect(sources).toContain(source);
    }
    for (const story of stories) expect(story.estimateHours).toBeGreaterThan(0);

    // The prompt carried every answer with its id, and the answer was constrained by the JSON schema.
    const request = fake.requests.at(-1)!;
    expect(request.messages[1]!.content).toContain("1. Question (id q1): How many products?");
    expect(JSON.stringify(request.response_format)).toContain('"acceptanceCriteria"');
  });

  it("on every benchmark fixture, a deliberately incomplete answer ends with every capability covered", async () => {
    const engine = await createAiEngine({
      baseUrl: fake.baseUrl,
      apiKey: "test-key",
      model: "fake-model",
      logger: createLogger("silent"),
      timeoutMs: 2_000,
      attempts: 1,
    });
    for (const fixture of breakdownFixtures) {
      fake.answers = [{ kind: "json", content: incompleteAiAnswer(fixture.input) }];
      const answered = JSON.parse(incompleteAiAnswer(fixture.input)) as { stories: unknown[] };
      const result = await engine.breakDown(fixture.input);
      expect(result.source, fixture.name).toBe("ai");
      expect(
        missingCapabilities(fixture.input, result.stories).map((capability) => capability.label),
        fixture.name,
      ).toEqual([]);
      // Completing never brings in what the fixture must not contain.
      const texts = result.stories.flatMap((story: StoryDraft) => [
        story.title,
        story.description,
        ...story.tasks.flatMap((task) => [task.title, task.description]),
      ]);
      for (const pattern of fixture.mustNot)
        expect(
          texts.filter((text) => pattern.test(text)),
          `${fixture.name} ${pattern}`,
        ).toEqual([]);
      // What the AI answered stays first and untouched in number; the completions are marked.
      if (result.stories.length > answered.stories.length) {
        expect(
          result.stories.some((story) => story.source?.startsWith("rules:")),
          fixture.name,
        ).toBe(true);
      }
    }
  });
});
