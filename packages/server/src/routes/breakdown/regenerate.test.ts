import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, nova, admin] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

interface StoryBody {
  id: string;
  title: string;
  source: string | null;
  estimateHours: number | null;
  tasks: Array<{ id: string; title: string; estimateHours: number | null; acceptanceCriteria: string[]; source: string | null }>;
}

async function jobWithStories() {
  const job = await buildJob(alice);
  const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  return { job, stories: res.body.stories as StoryBody[] };
}

describe("POST /api/jobs/:id/breakdown/regenerate", () => {
  it("replaces the stories with a fresh breakdown, keeping criteria, sources and estimates", async () => {
    const { job, stories } = await jobWithStories();
    // The client edited the backlog by hand; regenerating throws that away for the engine's breakdown.
    await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "Hand-made story" }).expect(201);
    await alice.agent
      .patch(`/api/tasks/${stories[0]!.tasks[0]!.id}`)
      .send({ acceptanceCriteria: ["Given x, when y, then z."] })
      .expect(200);

    const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(200);
    const fresh = res.body.stories as StoryBody[];
    expect(res.body.source).toBe("rules");
    expect(fresh.map((story) => story.title)).toEqual(stories.map((story) => story.title));
    expect(fresh.map((story) => story.id).some((id) => stories.some((old) => old.id === id))).toBe(false);
    expect(fresh[0]!.tasks[0]!.acceptanceCriteria).toEqual(stories[0]!.tasks[0]!.acceptanceCriteria);
    for (const story of fresh) {
      expect(story.source).toMatch(/\S/);
      expect(story.estimateHours).toBe(story.tasks.reduce((sum, task) => sum + task.estimateHours!, 0));
    }
    const listed = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as StoryBody[];
    expect(listed.map((story) => story.title)).not.toContain("Hand-made story");
    const activity = await server.services.db("job_activity").where({ job_id: job.id, action: "breakdown" }).orderBy("id");
    expect(activity.at(-1)!.details).toMatchObject({ regenerated: true, source: "rules" });
  });

  it("an admin may regenerate; another client or a freelancer may not", async () => {
    const { job } = await jobWithStories();
    await admin.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`).expect(200);
    const other = await bob.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("CREATE_STORIES_DENIED");
    expect((await nova.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`)).status).toBe(403);
  });

  it("is refused while locked (LOCKED) and once paid (BREAKDOWN_NOT_ALLOWED), leaving the stories alone", async () => {
    const { job, stories } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const locked = await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`);
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe("LOCKED");

    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    await setJobState(server, job.id, { payment_status: "paid" });
    const paid = await alice.agent.post(`/api/jobs/${job.id}/breakdown/regenerate`);
    expect(paid.body.error.code).toBe("BREAKDOWN_NOT_ALLOWED");
    expect(paid.status).toBeGreaterThanOrEqual(400);
    expect(paid.status).toBeLessThan(500);
    const listed = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as StoryBody[];
    expect(listed.map((story) => story.id)).toEqual(stories.map((story) => story.id));
  });

  it("answers 404 for a job that does not exist", async () => {
    const res = await alice.agent.post(`/api/jobs/999999/breakdown/regenerate`);
    expect(res.status).toBe(404);
  });

  it("PATCH /api/tasks/:id edits the criteria and the estimate, refusing a bad estimate with 400", async () => {
    const { stories } = await jobWithStories();
    const task = stories[0]!.tasks[0]!;
    const res = await alice.agent
      .patch(`/api/tasks/${task.id}`)
      .send({ acceptanceCriteria: ["Given a, when b, then c."], estimateHours: 2.5 })
      .expect(200);
    expect(res.body).toMatchObject({ acceptanceCriteria: ["Given a, when b, then c."], estimateHours: 2.5 });
    for (const bad of [{ estimateHours: 0 }, { estimateHours: 1.25 }, { acceptanceCriteria: [" "] }, { acceptanceCriteria: "text" }]) {
      const refused = await alice.agent.patch(`/api/tasks/${task.id}`).send(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION");
    }
  });
});
