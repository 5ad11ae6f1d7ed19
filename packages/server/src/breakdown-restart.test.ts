import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, inject } from "vitest";
import type { BreakdownRun } from "@forgehire/core";
import { startFakeOpenAi, type FakeOpenAi } from "./test/fakes/openai-server.js";
import { withTemplateCopy } from "./test/postgres-admin.js";
import { callJson, signUpOver, spawnServer, type ServerProcess } from "./test/server-process.js";
import { jobBody } from "./test/factories.js";
import { oneStoryAnswer } from "./test/breakdown-runs.js";

// A breakdown run outlives its process: kill -9 a real `forgehire serve` while the AI holds its answer, start the
// server again on the same data, and the run is worked again (its queue job expires and is retried) and finishes,
// with the stories stored once. On the embedded PGlite and on PostgreSQL.
const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

const dirs: string[] = [];
const servers: ServerProcess[] = [];
let fake: FakeOpenAi | undefined;
afterAll(async () => {
  for (const server of servers) if (server.alive()) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await fake?.close();
});

/** Waits for a condition, failing with the server's output when it does not come. */
async function until(condition: () => Promise<boolean> | boolean, what: string, server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function killMidAnswerThenRestart(databaseUrl: string): Promise<void> {
  fake ??= await startFakeOpenAi();
  // The first ask is held longer than the test lasts: the process dies while it waits.
  fake.answers = [
    { kind: "slow", delayMs: 90_000, content: oneStoryAnswer },
    { kind: "json", content: oneStoryAnswer },
  ];
  fake.requests.length = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-breakdown-kill9-"));
  dirs.push(dataDir);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: "test-key",
    AI_MODEL: "fake-model",
    AI_TIMEOUT_MS: "1500",
    AI_RETRY_DELAY_MS: "50",
    QUEUE_POLL_SECONDS: "0.5",
    QUEUE_JOB_TIMEOUT_SECONDS: "3",
    QUEUE_MAINTENANCE_SECONDS: "1",
  };
  const first = await spawnServer(env);
  servers.push(first);
  const client = await signUpOver(first.url, "client");
  const posted = await callJson(`${first.url}/api/jobs`, client.cookie, "POST", jobBody());
  expect(posted.status).toBe(201);
  const jobId = (posted.body.job as { id: number }).id;
  const asked = await callJson(`${first.url}/api/jobs/${jobId}/breakdown`, client.cookie, "POST");
  expect(asked.status).toBe(202);
  const runId = asked.body.runId as string;
  await until(() => fake!.requests.length === 1, "the AI was never asked", first);
  await first.kill9();

  const second = await spawnServer(env);
  servers.push(second);
  let run: BreakdownRun | undefined;
  await until(
    async () => {
      run = (await callJson(`${second.url}/api/jobs/${jobId}/breakdown/runs/${runId}`, client.cookie, "GET")).body as unknown as BreakdownRun;
      return run.status === "succeeded" || run.status === "failed";
    },
    "the run did not finish after the restart",
    second,
  );
  expect(run).toMatchObject({ status: "succeeded", result: { source: "ai" } });
  expect(fake.requests).toHaveLength(2);
  const stories = (await callJson(`${second.url}/api/jobs/${jobId}/stories`, client.cookie, "GET")).body as unknown as Array<{ tasks: unknown[] }>;
  expect(stories).toHaveLength(run!.result!.storyCount);
  expect(stories.flatMap((story) => story.tasks)).toHaveLength(run!.result!.taskCount);
  await second.stop();
}

describe("kill -9 while the AI holds a breakdown's answer", () => {
  it("finishes the run on the next process, on the embedded PGlite", async () => {
    await killMidAnswerThenRestart("");
  }, 180_000);

  it.skipIf(!base || !template)(
    "finishes the run on the next process, on PostgreSQL (skipped without TEST_DATABASE_URL)",
    async () => {
      await withTemplateCopy(template!, killMidAnswerThenRestart);
    },
    180_000,
  );
});
