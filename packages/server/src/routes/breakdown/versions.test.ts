import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, nova] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server)]);
});
afterAll(async () => {
  await server?.stop();
});

interface VersionBody {
  version: number;
  lockedBy: { id: string; name: string } | null;
  lockedAt: string;
  totalHours: number;
  changes: { added: string[]; removed: string[]; changed: string[]; hoursDelta: number };
  stories: Array<{ title: string; tasks: Array<{ estimateHours: number | null }> }>;
}

/** A story of GET /api/jobs/:id/stories, with the fields a version keeps. */
interface BacklogStory {
  title: string;
  description: string;
  priority: string;
  source: string | null;
  tasks: Array<{ title: string; description: string; priority: string; estimateHours: number | null; acceptanceCriteria: string[]; source: string | null }>;
}

describe("breakdown versions on lock", () => {
  it("each lock snapshots the breakdown as version N with who and when, and what changed since the last", async () => {
    const job = await buildJob(alice);
    const created = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    const stories = created.body.stories as Array<{ id: string; title: string; estimateHours: number; tasks: Array<{ id: string }> }>;
    expect((await alice.agent.get(`/api/jobs/${job.id}/breakdown/versions`).expect(200)).body).toEqual([]);

    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const first = (await alice.agent.get(`/api/jobs/${job.id}/breakdown/versions`).expect(200)).body as VersionBody[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      version: 1,
      lockedBy: { id: alice.user.id },
      changes: { added: stories.map((story) => story.title), removed: [], changed: [] },
    });
    expect(first[0]!.totalHours).toBe(stories.reduce((sum, story) => sum + story.estimateHours, 0));
    expect(Date.parse(first[0]!.lockedAt)).not.toBeNaN();

    // Unlock, change the backlog, lock again: version 2 names what changed.
    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "Gift cards" }).expect(201);
    await alice.agent.delete(`/api/stories/${stories[1]!.id}`).expect(204);
    await alice.agent.patch(`/api/tasks/${stories[0]!.tasks[0]!.id}`).send({ estimateHours: 0.5 }).expect(200);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);

    const versions = (await alice.agent.get(`/api/jobs/${job.id}/breakdown/versions`).expect(200)).body as VersionBody[];
    expect(versions.map((version) => version.version)).toEqual([2, 1]);
    expect(versions[0]!.changes).toMatchObject({ added: ["Gift cards"], removed: [stories[1]!.title], changed: [stories[0]!.title] });
    expect(versions[0]!.changes.hoursDelta).toBe(versions[0]!.totalHours - versions[1]!.totalHours);
  });

  it("a version keeps each story and task as the backlog shows it at the lock, in the backlog's order", async () => {
    const job = await buildJob(alice);
    await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    // A story of the client's own (no source, no tasks) and a task without an estimate or criteria.
    const own = await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "Gift cards", description: "Sell them." }).expect(201);
    await alice.agent.post(`/api/stories/${own.body.id}/tasks`).send({ title: "Card design" }).expect(201);
    const backlog = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as BacklogStory[];
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);

    const [version] = (await alice.agent.get(`/api/jobs/${job.id}/breakdown/versions`).expect(200)).body as VersionBody[];
    expect(version!.stories).toEqual(
      backlog.map((story) => ({
        title: story.title,
        description: story.description,
        priority: story.priority,
        source: story.source,
        tasks: story.tasks.map((task) => ({
          title: task.title,
          description: task.description,
          priority: task.priority,
          estimateHours: task.estimateHours,
          acceptanceCriteria: task.acceptanceCriteria,
          source: task.source,
        })),
      })),
    );
    expect(backlog.at(-1)).toMatchObject({ title: "Gift cards", source: null, tasks: [{ title: "Card design", estimateHours: null }] });
  });

  it("only those who may see the breakdown see its versions", async () => {
    const job = await buildJob(alice);
    await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    const refused = await bob.agent.get(`/api/jobs/${job.id}/breakdown/versions`);
    expect(refused.status).toBe(403);
    expect((await alice.agent.get(`/api/jobs/999999/breakdown/versions`)).status).toBe(404);
    expect([200, 403]).toContain((await nova.agent.get(`/api/jobs/${job.id}/breakdown/versions`)).status);
  });
});
