import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as backfillComments } from "../../../../../migrations/20261124100100_backfill-task-status-comments.js";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let atlas: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, nova, atlas, admin] = await Promise.all([
    buildClient(server),
    buildClient(server),
    buildFreelancer(server),
    buildFreelancer(server),
    buildAdmin(server),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services.db;
const historyCount = async (taskId: string) => Number((await db()("task_status_comments").where({ task_id: taskId }).count({ n: "*" }))[0]?.n);

/** A job of alice's, locked, paid and started by nova; its first task. */
async function startedTask() {
  const job = await buildJob(alice);
  const stories = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201)).body.stories as Array<{ tasks: Array<{ id: string }> }>;
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await setJobState(server, job.id, { payment_status: "paid" });
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  return { job, taskId: stories[0]!.tasks[0]!.id, otherTaskId: stories[0]!.tasks[1]!.id };
}

type Comment = { id: string; authorId: string | null; authorName: string; status: string; comment: string; createdAt: string };

describe("task comment history", () => {
  it("keeps the freelancer's question when the client answers, oldest first, each with its author, status and time", async () => {
    const { taskId } = await startedTask();
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "clarification", comment: "Which colours?" }).expect(200);
    const answered = await alice.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "clarification", comment: "Green and gold" }).expect(200);
    // The task's own comment is the latest one, as before the history.
    expect(answered.body.comment).toBe("Green and gold");

    const res = await alice.agent.get(`/api/tasks/${taskId}/comments`).expect(200);
    const comments = res.body as Comment[];
    expect(comments).toEqual([
      {
        id: expect.any(String),
        authorId: nova.user.id,
        authorName: `${nova.user.firstName} ${nova.user.lastName}`,
        status: "clarification",
        comment: "Which colours?",
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        authorId: alice.user.id,
        authorName: `${alice.user.firstName} ${alice.user.lastName}`,
        status: "clarification",
        comment: "Green and gold",
        createdAt: expect.any(String),
      },
    ]);
    expect(Date.parse(comments[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(comments[1]!.createdAt));
  });

  it("records the status a comment came with, and no row for a status change without one or with a blank one", async () => {
    const { taskId } = await startedTask();
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "in_progress" }).expect(200);
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "done", comment: "Shipped" }).expect(200);
    const blank = await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "done", comment: "   " }).expect(200);
    // A blank comment is no comment: the latest one stays.
    expect(blank.body.comment).toBe("Shipped");
    const comments = (await nova.agent.get(`/api/tasks/${taskId}/comments`).expect(200)).body as Comment[];
    expect(comments.map((c) => [c.status, c.comment])).toEqual([["done", "Shipped"]]);
  });

  it("is readable by the owner, the assigned freelancer and admins only", async () => {
    const { taskId } = await startedTask();
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "clarification", comment: "Which colours?" }).expect(200);
    for (const reader of [alice, nova, admin]) {
      expect((await reader.agent.get(`/api/tasks/${taskId}/comments`).expect(200)).body).toHaveLength(1);
    }
    for (const stranger of [bob, atlas]) {
      const res = await stranger.agent.get(`/api/tasks/${taskId}/comments`).expect(403);
      expect(res.body.error.code).toBe("COMMUNICATION_DENIED");
    }
    await server.agent().get(`/api/tasks/${taskId}/comments`).expect(401);
    expect((await alice.agent.get("/api/tasks/00000000-0000-4000-8000-000000000000/comments").expect(404)).body.error.code).toBe("TASK_NOT_FOUND");
    await alice.agent.get("/api/tasks/not-a-task/comments").expect(400);
  });

  it("[rights-6] a task's comments reach exactly those who may read its thread, in the stories, the project status and the thread", async () => {
    const { job, taskId } = await startedTask();
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "clarification", comment: "Which payment provider?" }).expect(200);
    /** What each endpoint that carries the task's comments shows the actor: the latest comment, or the refusal. */
    const seen = async (actor: BuiltUser) => {
      const stories = await actor.agent.get(`/api/jobs/${job.id}/stories`);
      const status = await actor.agent.get(`/api/jobs/${job.id}/status`);
      const thread = await actor.agent.get(`/api/tasks/${taskId}/comments`);
      type Listed = Array<{ tasks: Array<{ id: string; comment: string | null }> }>;
      const latest = (body: Listed) => body.flatMap((story) => story.tasks).find((task) => task.id === taskId)?.comment;
      return {
        stories: stories.status === 200 ? latest(stories.body as Listed) : stories.status,
        status: status.status === 200 ? latest((status.body as { stories: Listed }).stories) : status.status,
        thread: thread.status === 200 ? (thread.body as Comment[]).map((c) => c.comment) : thread.body.error.code,
      };
    };
    const readable = { stories: "Which payment provider?", status: "Which payment provider?", thread: ["Which payment provider?"] };
    const actors = { owner: alice, assignedFreelancer: nova, admin, otherFreelancer: atlas, otherClient: bob };
    const views = Object.fromEntries(await Promise.all(Object.entries(actors).map(async ([name, actor]) => [name, await seen(actor)])));
    expect(views).toEqual({
      owner: readable,
      assignedFreelancer: readable,
      admin: readable,
      // Any freelancer may read the breakdown before taking a job, never what was said about its tasks.
      otherFreelancer: { stories: null, status: null, thread: "COMMUNICATION_DENIED" },
      otherClient: { stories: 403, status: 403, thread: "COMMUNICATION_DENIED" },
    });
  });

  it("refuses a comment from someone who may not comment, and keeps the history unchanged", async () => {
    const { taskId } = await startedTask();
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "todo", comment: "First" }).expect(200);
    const denied = await bob.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "todo", comment: "Not my job" }).expect(403);
    expect(denied.body.error.code).toBe("COMMENT_DENIED");
    await atlas.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "todo", comment: "Not assigned" }).expect(403);
    // The owner's comment that also moves the task is refused whole: no status, no comment.
    await alice.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "done", comment: "Done?" }).expect(403);
    expect(await historyCount(taskId)).toBe(1);
    expect(await db()("requirement_tasks").where({ id: taskId }).first()).toMatchObject({ status: "todo", comment: "First" });
  });

  it("refuses a comment before the start (NOT_STARTED) and stores none", async () => {
    const job = await buildJob(alice);
    const stories = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201)).body.stories as Array<{ tasks: Array<{ id: string }> }>;
    const taskId = stories[0]!.tasks[0]!.id;
    const res = await alice.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "todo", comment: "Too early" }).expect(409);
    expect(res.body.error.code).toBe("NOT_STARTED");
    expect(await historyCount(taskId)).toBe(0);
    expect((await alice.agent.get(`/api/tasks/${taskId}/comments`).expect(200)).body).toEqual([]);
  });

  it("keeps each task's thread to itself", async () => {
    const { taskId, otherTaskId } = await startedTask();
    await nova.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "todo", comment: "On the first" }).expect(200);
    await nova.agent.patch(`/api/tasks/${otherTaskId}/status`).send({ status: "todo", comment: "On the second" }).expect(200);
    expect(((await alice.agent.get(`/api/tasks/${otherTaskId}/comments`).expect(200)).body as Comment[]).map((c) => c.comment)).toEqual(["On the second"]);
  });

  it("pages back with before and limit, each page oldest first; bad paging is a 400", async () => {
    const { taskId } = await startedTask();
    for (const n of [1, 2, 3, 4, 5])
      await nova.agent
        .patch(`/api/tasks/${taskId}/status`)
        .send({ status: "todo", comment: `note ${n}` })
        .expect(200);
    const latest = (await alice.agent.get(`/api/tasks/${taskId}/comments?limit=2`).expect(200)).body as Comment[];
    expect(latest.map((c) => c.comment)).toEqual(["note 4", "note 5"]);
    const older = (await alice.agent.get(`/api/tasks/${taskId}/comments?limit=2&before=${latest[0]!.id}`).expect(200)).body as Comment[];
    expect(older.map((c) => c.comment)).toEqual(["note 2", "note 3"]);
    expect(((await alice.agent.get(`/api/tasks/${taskId}/comments`).expect(200)).body as Comment[]).map((c) => c.comment)).toEqual([
      "note 1",
      "note 2",
      "note 3",
      "note 4",
      "note 5",
    ]);
    for (const query of ["limit=0", "limit=201", "limit=x", "before=abc", "before=-1"]) {
      const res = await alice.agent.get(`/api/tasks/${taskId}/comments?${query}`).expect(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
  });

  it("shows a comment whose author's account is gone as 'Unknown User'", async () => {
    const { taskId } = await startedTask();
    await admin.agent.patch(`/api/tasks/${taskId}/status`).send({ status: "todo", comment: "From the office" }).expect(200);
    await db()("task_status_comments").where({ task_id: taskId }).update({ author_id: null });
    expect((await alice.agent.get(`/api/tasks/${taskId}/comments`).expect(200)).body).toEqual([
      expect.objectContaining({ authorId: null, authorName: "Unknown User", comment: "From the office" }),
    ]);
  });
});

describe("the backfill migration", () => {
  it("turns each task's stored comment into one history row, once, and skips blank comments and tasks with history", async () => {
    const { taskId, otherTaskId } = await startedTask();
    // As a database from before the history would hold them: a comment on the task and no history row.
    const earlier = new Date("2026-11-01T10:00:00Z");
    await db()("requirement_tasks").where({ id: taskId }).update({ comment: "Old question", status: "clarification", updated_at: earlier });
    await db()("requirement_tasks").where({ id: otherTaskId }).update({ comment: " \n " });
    await nova.agent.patch(`/api/tasks/${otherTaskId}/status`).send({ status: "todo" }).expect(200);
    await backfillComments(db());
    await backfillComments(db());
    expect(await historyCount(otherTaskId)).toBe(0);
    const comments = (await alice.agent.get(`/api/tasks/${taskId}/comments`).expect(200)).body as Comment[];
    expect(comments).toEqual([
      {
        id: expect.any(String),
        authorId: null,
        authorName: "Unknown User",
        status: "clarification",
        comment: "Old question",
        createdAt: earlier.toISOString(),
      },
    ]);
  });
});
