import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BreakdownQueued, BreakdownRun } from "@forgehire/core";
import { setUserDisabled, updateUserByAdmin, workBreakdownRun } from "@forgehire/services";
import { startFakeOpenAi, type FakeOpenAi } from "../../test/fakes/openai-server.js";
import { breakDownWithAi, finishedRun, oneStoryAnswer } from "../../test/breakdown-runs.js";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let fake: FakeOpenAi;
let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "5000", AI_RETRY_DELAY_MS: "20" });
  [alice, bob, nova, admin] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server), buildAdmin(server)]);
});
afterEach(() => {
  fake.requests.length = 0;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const db = () => server.services.db;
const count = async (query: Promise<Array<{ n: number | string }>>) => Number((await query)[0]?.n);
const runCount = (jobId: number) => count(db()("breakdown_runs").where({ job_id: jobId }).count({ n: "*" }));
const queuedBreakdowns = () => count(db()("pgboss.job").where({ name: "breakdown" }).count({ n: "*" }));
const itemCount = (jobId: number) => count(db()("requirement_tasks").where({ job_id: jobId }).count({ n: "*" }));

describe("POST /api/jobs/:id/breakdown with the AI engine", () => {
  it("answers 202 with a queued run, which stores the AI's stories and says so on the run", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const job = await buildJob(alice);
    const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202);
    expect(res.body).toEqual({ runId: expect.any(String), status: "queued" });
    const run = await finishedRun(alice, job.id, (res.body as BreakdownQueued).runId);
    const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as unknown[];
    expect(run).toMatchObject({
      id: res.body.runId,
      jobId: job.id,
      requestedBy: alice.user.id,
      status: "succeeded",
      error: null,
      result: { source: "ai", storyCount: stories.length },
      progress: { percent: 100, step: { kind: "done" } },
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(stories.length).toBeGreaterThan(0);
  });

  it("queues nothing when the request is refused: another client, a freelancer, a paid job, stories already there", async () => {
    const job = await buildJob(alice);
    const before = await queuedBreakdowns();
    expect((await bob.agent.post(`/api/jobs/${job.id}/breakdown`).expect(403)).body.error.code).toBe("CREATE_STORIES_DENIED");
    expect((await nova.agent.post(`/api/jobs/${job.id}/breakdown`).expect(403)).body.error.code).toBe("CREATE_STORIES_DENIED");
    await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "By hand" }).expect(201);
    expect((await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(409)).body.error).toMatchObject({
      code: "STORIES_EXIST",
      title: "Stories Already Exist",
    });
    const paid = await buildJob(alice);
    await setJobState(server, paid.id, { payment_status: "paid" });
    expect((await alice.agent.post(`/api/jobs/${paid.id}/breakdown`).expect(409)).body.error.code).toBe("BREAKDOWN_NOT_ALLOWED");
    expect((await alice.agent.post(`/api/jobs/999999/breakdown`).expect(404)).body.error.code).toBe("JOB_NOT_FOUND");
    expect(await runCount(job.id)).toBe(0);
    expect(await runCount(paid.id)).toBe(0);
    expect(await queuedBreakdowns()).toBe(before);
  });

  it("gives the active run back to a second request while it runs: one run, one breakdown", async () => {
    fake.answers = [{ kind: "slow", delayMs: 1000, content: oneStoryAnswer }];
    const job = await buildJob(alice);
    const first = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    await expect.poll(() => fake.requests.length).toBe(1);
    const again = (await admin.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    expect(again).toEqual({ runId: first.runId, status: "running" });
    expect((await finishedRun(alice, job.id, first.runId)).status).toBe("succeeded");
    expect(await runCount(job.id)).toBe(1);
    expect(fake.requests).toHaveLength(1);
    // Once it has finished, the stories exist: the usual refusal.
    expect((await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(409)).body.error.code).toBe("STORIES_EXIST");
  });

  it("fails an active run whose queue job is gone (every process working it died) and starts a new one", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const job = await buildJob(alice);
    // A run left running with no queue job behind it: what the last try's death leaves.
    const [lost] = (await db()("breakdown_runs").insert({ job_id: job.id, requested_by: alice.user.id, status: "running" }).returning("id")) as Array<{
      id: string;
    }>;
    const { runId } = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    expect(runId).not.toBe(lost!.id);
    expect((await finishedRun(alice, job.id, runId)).status).toBe("succeeded");
    expect((await alice.agent.get(`/api/jobs/${job.id}/breakdown/runs/${lost!.id}`).expect(200)).body).toMatchObject({
      status: "failed",
      error: { code: "BREAKDOWN_FAILED", message: "Failed to create stories after multiple attempts. Please try again later or contact support." },
    });
  });

  it("fails the run with the rule's error when the job was paid while the AI answered, and stores nothing", async () => {
    fake.answers = [{ kind: "slow", delayMs: 800, content: oneStoryAnswer }];
    const job = await buildJob(alice);
    const { runId } = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    await expect.poll(() => fake.requests.length).toBe(1);
    await setJobState(server, job.id, { payment_status: "paid" });
    const run = await finishedRun(alice, job.id, runId);
    expect(run).toMatchObject({ status: "failed", result: null, error: { code: "BREAKDOWN_NOT_ALLOWED", message: expect.any(String) } });
    expect(await itemCount(job.id)).toBe(0);
  });

  it("stores a run's stories once however many times it is worked, at once or after it finished", async () => {
    fake.answers = [{ kind: "slow", delayMs: 300, content: oneStoryAnswer }];
    const job = await buildJob(alice);
    const { runId } = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    // Two more workers of the same run beside the server's own (a retried job whose first worker was only slow).
    const engine = server.services.engines.ai!;
    await Promise.all([
      workBreakdownRun(server.services, engine, runId, { lastTry: false }),
      workBreakdownRun(server.services, engine, runId, { lastTry: false }),
    ]);
    const run = await finishedRun(alice, job.id, runId);
    expect(run.status).toBe("succeeded");
    const stored = await itemCount(job.id);
    expect(stored).toBe(run.result!.storyCount + run.result!.taskCount);
    await workBreakdownRun(server.services, engine, runId, { lastTry: false });
    expect(await itemCount(job.id)).toBe(stored);
  });
});

describe("POST /api/jobs/:id/breakdown/regenerate with the AI engine", () => {
  const twoStoryAnswer = JSON.stringify({
    stories: ["Checkout", "Order history"].map((title) => ({
      title,
      description: `As a shopper I use ${title.toLowerCase()}.`,
      priority: "medium",
      tasks: [{ title: `${title} page`, description: "The page and its states", priority: "medium", estimateHours: 4 }],
    })),
  });

  it("answers 202 with a queued regenerate run, which replaces the stories (hand-made ones included) once it stores", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const job = await buildJob(alice);
    await breakDownWithAi(alice, job.id);
    await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "Hand-made story" }).expect(201);
    fake.answers = [{ kind: "json", content: twoStoryAnswer }];
    const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(202);
    expect(res.body).toEqual({ runId: expect.any(String), status: "queued" });
    const run = await finishedRun(alice, job.id, (res.body as BreakdownQueued).runId);
    const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Array<{ title: string }>;
    expect(run).toMatchObject({ kind: "regenerate", status: "succeeded", result: { source: "ai", storyCount: stories.length } });
    // The AI's two stories (completed from the rules engine where it missed a requirement), none of the old ones.
    const titles = stories.map((story) => story.title);
    expect(titles).toEqual(expect.arrayContaining(["Checkout", "Order history"]));
    expect(titles).not.toContain("Hand-made story");
    expect(titles).not.toContain("Product catalogue");
  });

  it("replaces the stories once however many times a regenerate run is worked, at once or after it finished", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const job = await buildJob(alice);
    await breakDownWithAi(alice, job.id);
    fake.answers = [{ kind: "slow", delayMs: 300, content: twoStoryAnswer }];
    const { runId } = (await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(202)).body as BreakdownQueued;
    const engine = server.services.engines.ai!;
    await Promise.all([
      workBreakdownRun(server.services, engine, runId, { lastTry: false }),
      workBreakdownRun(server.services, engine, runId, { lastTry: false }),
    ]);
    expect((await finishedRun(alice, job.id, runId)).status).toBe("succeeded");
    const storyIds = async () => ((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Array<{ id: number }>).map((story) => story.id);
    const stored = await storyIds();
    await workBreakdownRun(server.services, engine, runId, { lastTry: false });
    // Replacing again would keep the count and change every id: the ids and the one activity entry say it happened once.
    expect(await storyIds()).toEqual(stored);
    const replacements = (await db()("job_activity").where({ job_id: job.id, action: "breakdown" })) as Array<{ details: unknown }>;
    const regenerated = replacements.filter((row) => JSON.stringify(row.details).includes('"regenerated":true'));
    expect(regenerated).toHaveLength(1);
  });

  it("queues nothing when the regeneration is refused (another client; a locked breakdown)", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const job = await buildJob(alice);
    await breakDownWithAi(alice, job.id);
    const before = await queuedBreakdowns();
    expect((await bob.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(403)).body.error.code).toBe("CREATE_STORIES_DENIED");
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    expect((await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`)).status).toBe(409);
    expect(await runCount(job.id)).toBe(1);
    expect(await queuedBreakdowns()).toBe(before);
  });

  it("fails a regenerate run with the rule's error when the breakdown was locked while the AI answered, and keeps the stories", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const job = await buildJob(alice);
    const { stories } = await breakDownWithAi(alice, job.id);
    fake.answers = [{ kind: "slow", delayMs: 1000, content: twoStoryAnswer }];
    const queued = (await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(202)).body as BreakdownQueued;
    await expect.poll(() => fake.requests.length).toBe(2);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const run = await finishedRun(alice, job.id, queued.runId);
    expect(run).toMatchObject({ status: "failed", error: { code: expect.any(String) } });
    const after = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Array<{ id: string }>;
    expect(after.map((story) => story.id)).toEqual(stories.map((story) => story.id));
  });
});

describe("a queued breakdown re-reads its requester when it stores", () => {
  const actorOf = (built: BuiltUser) => ({ id: built.user.id, userType: built.user.userType, roleType: built.user.roleType });

  it("[rights-4] a client disabled while the AI answers: the run fails with BREAKDOWN_REQUESTER_DISABLED and nothing is stored", async () => {
    fake.answers = [{ kind: "slow", delayMs: 800, content: oneStoryAnswer }];
    const carol = await buildClient(server);
    const job = await buildJob(carol);
    const { runId } = (await carol.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    await expect.poll(() => fake.requests.length).toBe(1);
    await setUserDisabled(server.services, actorOf(admin), carol.user.id, true);
    const run = await finishedRun(admin, job.id, runId);
    expect(run).toMatchObject({
      status: "failed",
      result: null,
      error: {
        code: "BREAKDOWN_REQUESTER_DISABLED",
        message: "The account that asked for this breakdown has been disabled, so nothing was stored. Ask for the breakdown again.",
      },
    });
    expect(await itemCount(job.id)).toBe(0);
    // The job is as it was: its owner, enabled again, may ask once more.
    await setUserDisabled(server.services, actorOf(admin), carol.user.id, false);
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const again = await breakDownWithAi(admin, job.id);
    expect(again.run.status).toBe("succeeded");
  });

  it("[rights-4] an admin demoted to client while the AI answers for another's job: the run fails with the policy's refusal, nothing stored", async () => {
    fake.answers = [{ kind: "slow", delayMs: 800, content: oneStoryAnswer }];
    const helper = await buildAdmin(server);
    const job = await buildJob(alice);
    const { runId } = (await helper.agent.post(`/api/jobs/${job.id}/breakdown`).expect(202)).body as BreakdownQueued;
    await expect.poll(() => fake.requests.length).toBe(1);
    await updateUserByAdmin(server.services, actorOf(admin), helper.user.id, { userType: "client" });
    const run = await finishedRun(admin, job.id, runId);
    expect(run).toMatchObject({ status: "failed", result: null, error: { code: "CREATE_STORIES_DENIED", message: expect.any(String) } });
    expect(await itemCount(job.id)).toBe(0);
  });

  it("[rights-4] a regeneration whose requester is disabled while the AI answers fails and keeps the stories it would have replaced", async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    const dora = await buildClient(server);
    const job = await buildJob(dora);
    const { stories } = await breakDownWithAi(dora, job.id);
    fake.answers = [{ kind: "slow", delayMs: 800, content: oneStoryAnswer }];
    const { runId } = (await dora.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(202)).body as BreakdownQueued;
    await expect.poll(() => fake.requests.length).toBe(2);
    await setUserDisabled(server.services, actorOf(admin), dora.user.id, true);
    const run = await finishedRun(admin, job.id, runId);
    expect(run).toMatchObject({ status: "failed", error: { code: "BREAKDOWN_REQUESTER_DISABLED" } });
    const after = (await admin.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Array<{ id: string }>;
    expect(after.map((story) => story.id)).toEqual(stories.map((story) => story.id));
  });
});

describe("GET /api/jobs/:id/breakdown/runs/:runId", () => {
  let jobId: number;
  let run: BreakdownRun;

  beforeAll(async () => {
    fake.answers = [{ kind: "json", content: oneStoryAnswer }];
    jobId = (await buildJob(alice)).id;
    run = (await breakDownWithAi(alice, jobId)).run;
  });

  it("shows the run to the owner and the admins", async () => {
    expect((await admin.agent.get(`/api/jobs/${jobId}/breakdown/runs/${run.id}`).expect(200)).body).toEqual(run);
  });

  it("refuses other clients and the freelancers with the job's rule", async () => {
    expect((await bob.agent.get(`/api/jobs/${jobId}/breakdown/runs/${run.id}`).expect(403)).body.error.code).toBe("VIEW_BREAKDOWN_DENIED");
    expect((await nova.agent.get(`/api/jobs/${jobId}/breakdown/runs/${run.id}`).expect(403)).body.error.code).toBe("VIEW_BREAKDOWN_DENIED");
  });

  it("answers 404 for a run of another job and 400 for a malformed id", async () => {
    const other = await buildJob(alice);
    expect((await alice.agent.get(`/api/jobs/${other.id}/breakdown/runs/${run.id}`).expect(404)).body.error.code).toBe("BREAKDOWN_RUN_NOT_FOUND");
    expect((await alice.agent.get(`/api/jobs/${jobId}/breakdown/runs/not-a-run`).expect(400)).body.error.code).toBe("VALIDATION");
  });
});
