import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestoneAmounts, paymentAmount, refusalWordings, type Story } from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, setJobState, type BuiltUser } from "../../test/factories.js";
import { statementsDuring } from "../../test/statements.js";
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
const storyCount = async (jobId: number) => Number((await db()("requirement_tasks").where({ job_id: jobId }).count({ n: "*" }))[0]?.n);
const changeRequestCount = async (jobId: number) => Number((await db()("job_change_requests").where({ job_id: jobId }).count({ n: "*" }))[0]?.n);
const messageCount = async (taskId: string) => Number((await db()("task_communications").where({ task_id: taskId }).count({ n: "*" }))[0]?.n);
const taskFileCount = async (taskId: string) => Number((await db()("files").where({ task_id: taskId }).count({ n: "*" }))[0]?.n);
const activity = async (jobId: number) =>
  ((await db()("job_activity").where({ job_id: jobId }).orderBy("id")) as Array<{ action: string }>).map((a) => a.action);

async function jobWithStories(owner = alice) {
  const job = await buildJob(owner);
  const res = await owner.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  return { job, stories: res.body.stories as Array<{ id: string; title: string; tasks: Array<{ id: string; status: string }> }> };
}

/** A job that is locked, paid and started by nova. */
async function startedJob() {
  const { job, stories } = await jobWithStories();
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(alice, job.id);
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  return { job, stories, task: stories[0]!.tasks[0]! };
}

describe("breakdown", () => {
  it("turns the requirements into stories with tasks with the built-in rules engine", async () => {
    const job = await buildJob(alice);
    const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    expect(res.body.source).toBe("rules");
    expect(res.body.stories.length).toBeGreaterThan(2);
    for (const story of res.body.stories) {
      expect(story.tasks.length).toBeGreaterThanOrEqual(2);
      expect(story.tasks.length).toBeLessThanOrEqual(5);
      expect(["high", "medium", "low"]).toContain(story.priority);
    }
    const detail = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(detail.body.job.hasStories).toBe(true);
    expect((await db()("jobs").where({ id: job.id }).first()).breakdown_source).toBe("rules");
    expect(await activity(job.id)).toContain("breakdown");
  });

  it("stores a breakdown of any size in at most 10 statements, the session's included, and answers with the stories as stored (issue 13)", async () => {
    const sizes: Array<{ statements: number; items: number }> = [];
    for (const keyFeatures of ["Catalogue", "Catalogue, cart, checkout, reviews, wish lists, gift cards, loyalty points"]) {
      const job = await buildJob(alice, { keyFeatures });
      let answer: { stories: Array<{ tasks: unknown[] }> } | undefined;
      const seen = await statementsDuring(server, async () => {
        answer = (await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201)).body as typeof answer;
      });
      expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(10);
      // The list adds what the asker may do to each story's delivery (can/why); the stories themselves are the same.
      const listed = ((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Array<Record<string, unknown>>).map(
        ({ can: _can, why: _why, ...story }) => story,
      );
      expect(answer!.stories).toEqual(listed);
      sizes.push({ statements: seen.length, items: answer!.stories.reduce((sum, story) => sum + 1 + story.tasks.length, 0) });
    }
    expect(sizes[1]!.items).toBeGreaterThan(sizes[0]!.items);
    expect(sizes[1]!.statements).toBe(sizes[0]!.statements);
  });

  it("answers STORIES_EXIST the second time and changes nothing", async () => {
    const { job } = await jobWithStories();
    const before = await storyCount(job.id);
    const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(409);
    expect(res.body.error).toMatchObject({ code: "STORIES_EXIST", title: "Stories Already Exist" });
    expect(await storyCount(job.id)).toBe(before);
  });

  it("makes exactly one breakdown when several calls race", async () => {
    const job = await buildJob(alice);
    const results = await Promise.all([1, 2, 3].map(() => alice.agent.post(`/api/jobs/${job.id}/breakdown`)));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const stored = await db()("requirement_tasks").where({ job_id: job.id, type: "story" });
    expect(stored).toHaveLength(created[0]!.body.stories.length);
  });

  it("refuses another client and the freelancers, and stores nothing", async () => {
    const job = await buildJob(alice);
    const res = await bob.agent.post(`/api/jobs/${job.id}/breakdown`).expect(403);
    expect(res.body.error).toMatchObject({ code: "CREATE_STORIES_DENIED", message: "Only the job owner or admins can create stories and tasks." });
    await nova.agent.post(`/api/jobs/${job.id}/breakdown`).expect(403);
    expect(await storyCount(job.id)).toBe(0);
  });

  it("refuses a paid job", async () => {
    const job = await buildJob(alice);
    await setJobState(server, job.id, { payment_status: "paid", locked: true });
    const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(409);
    expect(res.body.error.code).toBe("BREAKDOWN_NOT_ALLOWED");
    expect(await storyCount(job.id)).toBe(0);
  });

  it("lets an admin break down someone else's job", async () => {
    const job = await buildJob(alice);
    await admin.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  });
});

describe("stories and tasks", () => {
  it("are listed in creation order to the owner, freelancers and admins, but not to other clients", async () => {
    const { job, stories } = await jobWithStories();
    for (const viewer of [alice, nova, admin]) {
      const res = await viewer.agent.get(`/api/jobs/${job.id}/stories`).expect(200);
      expect(res.body.map((s: { id: string }) => s.id)).toEqual(stories.map((s) => s.id));
    }
    await bob.agent.get(`/api/jobs/${job.id}/stories`).expect(403);
  });

  it("can be added, edited and deleted inline by the owner", async () => {
    const { job } = await jobWithStories();
    const story = (await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "Wishlist", priority: "low" }).expect(201)).body;
    expect(story).toMatchObject({ title: "Wishlist", priority: "low", tasks: [] });
    const task = (await alice.agent.post(`/api/stories/${story.id}/tasks`).send({ title: "Heart button" }).expect(201)).body;
    expect(task).toMatchObject({ title: "Heart button", priority: "medium", status: "todo", storyId: story.id, messageCount: 0 });
    const edited = (await alice.agent.patch(`/api/tasks/${task.id}`).send({ title: "Heart icon", priority: "high", status: "in_progress" }).expect(200)).body;
    expect(edited).toMatchObject({ title: "Heart icon", priority: "high", status: "in_progress" });
    await alice.agent.patch(`/api/stories/${story.id}`).send({ description: "Save products for later" }).expect(200);
    await alice.agent.delete(`/api/tasks/${task.id}`).expect(204);
    await alice.agent.delete(`/api/stories/${story.id}`).expect(204);
    const list = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body;
    expect(list.map((s: { id: string }) => s.id)).not.toContain(story.id);
  });

  it("refuses an empty title with EMPTY_TITLE", async () => {
    const { job, stories } = await jobWithStories();
    const res = await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "   " }).expect(400);
    expect(res.body.error).toMatchObject({ code: "EMPTY_TITLE", message: "Title cannot be empty" });
    await alice.agent.patch(`/api/tasks/${stories[0]!.tasks[0]!.id}`).send({ title: "" }).expect(400);
  });

  it("refuses every change while locked or started with LOCKED, and changes nothing", async () => {
    const { job, stories } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const task = stories[0]!.tasks[0]!;
    for (const request of [
      alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title: "More" }),
      alice.agent.post(`/api/stories/${stories[0]!.id}/tasks`).send({ title: "More" }),
      alice.agent.patch(`/api/tasks/${task.id}`).send({ title: "Changed" }),
      alice.agent.delete(`/api/stories/${stories[0]!.id}`),
    ]) {
      const res = await request.expect(409);
      expect(res.body.error.code).toBe("LOCKED");
    }
    const row = await db()("requirement_tasks").where({ id: task.id }).first();
    expect(row.title).not.toBe("Changed");
  });

  it("refuses editing a story and deleting a task while locked with LOCKED, and changes nothing", async () => {
    const { job, stories } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const story = stories[0]!;
    const task = story.tasks[0]!;
    const before = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body;
    for (const editor of [alice, admin]) {
      const patched = await editor.agent.patch(`/api/stories/${story.id}`).send({ title: "Renamed", priority: "low" }).expect(409);
      expect(patched.body.error).toMatchObject({
        code: "LOCKED",
        title: "Locked",
        message: "Stories and tasks cannot be edited while the project is locked or started.",
      });
      const deleted = await editor.agent.delete(`/api/tasks/${task.id}`).expect(409);
      expect(deleted.body.error).toMatchObject({
        code: "LOCKED",
        title: "Locked",
        message: "Stories and tasks cannot be edited while the project is locked or started.",
      });
    }
    expect((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body).toEqual(before);
    expect(await db()("requirement_tasks").where({ id: task.id }).first()).toBeTruthy();
  });

  it("refuses editing a story and deleting a task once started (a paid job) with JOB_PAID, and changes nothing", async () => {
    const { job, stories, task } = await startedJob();
    const before = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body;
    const patched = await admin.agent.patch(`/api/stories/${stories[0]!.id}`).send({ description: "Too late" }).expect(409);
    expect(patched.body.error).toMatchObject(refusalWordings.paidScope);
    const deleted = await alice.agent.delete(`/api/tasks/${task.id}`).expect(409);
    expect(deleted.body.error).toMatchObject(refusalWordings.paidScope);
    expect((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body).toEqual(before);
  });

  it("refuses editing a story and deleting a task of a locked, unpaid job with LOCKED, and changes nothing", async () => {
    const { job, stories } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const before = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body;
    const patched = await admin.agent.patch(`/api/stories/${stories[0]!.id}`).send({ description: "Too late" }).expect(409);
    expect(patched.body.error).toMatchObject({ code: "LOCKED", message: "Stories and tasks cannot be edited while the project is locked or started." });
    const deleted = await alice.agent.delete(`/api/tasks/${stories[0]!.tasks[0]!.id}`).expect(409);
    expect(deleted.body.error).toMatchObject({ code: "LOCKED", message: "Stories and tasks cannot be edited while the project is locked or started." });
    expect((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body).toEqual(before);
  });

  it("refuses another client with 403 and changes nothing", async () => {
    const { stories } = await jobWithStories();
    await bob.agent.patch(`/api/stories/${stories[0]!.id}`).send({ title: "Mine now" }).expect(403);
    expect((await db()("requirement_tasks").where({ id: stories[0]!.id }).first()).title).toBe(stories[0]!.title);
  });

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    await alice.agent.patch("/api/tasks/00000000-0000-4000-8000-000000000000").send({ title: "x" }).expect(404);
    await alice.agent.patch("/api/tasks/nope").send({ title: "x" }).expect(400);
  });
});

describe("lock and unlock", () => {
  it("locks the job and every story and task, and unlocks them again", async () => {
    const { job } = await jobWithStories();
    const locked = await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    expect(locked.body.job).toMatchObject({ locked: true, can: { lock: false, unlock: true, editTasks: false, pay: true, requestChange: true } });
    expect(await db()("requirement_tasks").where({ job_id: job.id, locked: false })).toHaveLength(0);
    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    expect(await db()("requirement_tasks").where({ job_id: job.id, locked: true })).toHaveLength(0);
    expect(await activity(job.id)).toEqual(expect.arrayContaining(["lock", "unlock"]));
  });

  it("costs at most 6 statements, the session's included: the row lock, then one write with the version and the activity (issue 13)", async () => {
    const { job } = await jobWithStories();
    const seen = await statementsDuring(server, () => alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200));
    expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(6);
    expect(
      seen.findIndex((sql) => /for update/i.test(sql)),
      seen.join("\n"),
    ).toBeGreaterThan(seen.findIndex((sql) => /^begin/i.test(sql)));
    expect(await activity(job.id)).toContain("lock");
    expect(await db()("breakdown_versions").where({ job_id: job.id })).toHaveLength(1);
  });

  it("fixes each story's milestone amount at lock, in the same statements: its share of the price by hours, summing to the price", async () => {
    const { job } = await jobWithStories();
    const stories = async () => (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
    expect((await stories()).map((story) => story.amountCents)).toEqual((await stories()).map(() => null));
    const seen = await statementsDuring(server, () => alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200));
    expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(5);
    const locked = await stories();
    const priceCents = paymentAmount(job.budget);
    expect(locked.map((story) => story.amountCents)).toEqual(
      milestoneAmounts(
        priceCents,
        locked.map((story) => story.estimateHours),
      ),
    );
    expect(locked.reduce((sum, story) => sum + story.amountCents!, 0)).toBe(priceCents);
    const hours = locked.reduce((sum, story) => sum + (story.estimateHours ?? 0), 0);
    for (const story of locked) expect(Math.abs(story.amountCents! - (priceCents * (story.estimateHours ?? 0)) / hours)).toBeLessThan(1);
    // Tasks carry no amount: the check constraint keeps it on stories.
    expect(await db()("requirement_tasks").where({ job_id: job.id, type: "task" }).whereNotNull("amount_cents")).toHaveLength(0);

    // Unlocking clears the amounts; an edit and a new lock fix them anew from the hours as they are then.
    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    expect((await stories()).every((story) => story.amountCents === null)).toBe(true);
    await alice.agent.patch(`/api/tasks/${locked[0]!.tasks[0]!.id}`).send({ estimateHours: 120 }).expect(200);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const relocked = await stories();
    expect(relocked.map((story) => story.amountCents)).toEqual(
      milestoneAmounts(
        priceCents,
        relocked.map((story) => story.estimateHours),
      ),
    );
    expect(relocked[0]!.amountCents).toBeGreaterThan(locked[0]!.amountCents!);
  });

  it("splits the price equally when no story has hours, and gives a story added by hand its share", async () => {
    const job = await buildJob(alice);
    for (const title of ["One", "Two", "Three"]) await alice.agent.post(`/api/jobs/${job.id}/stories`).send({ title }).expect(201);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
    const priceCents = paymentAmount(job.budget);
    expect(stories.map((story) => story.amountCents)).toEqual(milestoneAmounts(priceCents, [null, null, null]));
    expect(stories.reduce((sum, story) => sum + story.amountCents!, 0)).toBe(priceCents);
  });

  it("is for the owner or an admin only", async () => {
    const { job } = await jobWithStories();
    const res = await bob.agent.post(`/api/jobs/${job.id}/lock`).expect(403);
    expect(res.body.error.code).toBe("LOCK_DENIED");
    expect((await db()("jobs").where({ id: job.id }).first()).locked).toBe(false);
    await admin.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  });

  it("refuses an unlock by another client with LOCK_DENIED and keeps the lock", async () => {
    const { job } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const res = await bob.agent.post(`/api/jobs/${job.id}/unlock`).expect(403);
    expect(res.body.error).toMatchObject({
      code: "LOCK_DENIED",
      title: "Permission Denied",
      message: "Only the job owner or admins can lock or unlock requirements.",
    });
    const seen = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(seen.body.job.locked).toBe(true);
    expect(await db()("requirement_tasks").where({ job_id: job.id, locked: false })).toHaveLength(0);
    expect(await activity(job.id)).not.toContain("unlock");
  });

  it("lets an admin unlock someone else's job", async () => {
    const { job } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const res = await admin.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    expect(res.body.job).toMatchObject({ id: job.id, locked: false, ownerId: alice.user.id });
    expect((await db()("jobs").where({ id: job.id }).first()).locked).toBe(false);
    expect(await db()("requirement_tasks").where({ job_id: job.id, locked: true })).toHaveLength(0);
  });

  it("cannot unlock a started project: it is paid, and says so", async () => {
    const { job } = await startedJob();
    const res = await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(409);
    expect(res.body.error).toMatchObject(refusalWordings.paidScope);
    expect((await db()("jobs").where({ id: job.id }).first()).locked).toBe(true);
  });

  it("cannot unlock a started project that is somehow unpaid (CANNOT_UNLOCK)", async () => {
    const { job } = await startedJob();
    await setJobState(server, job.id, { payment_status: "unpaid" });
    const res = await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(409);
    expect(res.body.error).toMatchObject({ code: "CANNOT_UNLOCK", message: "This project has been started and cannot be unlocked." });
  });
});

describe("a paid scope cannot grow for free", () => {
  /** A locked job with stories, marked paid as the payment confirmation leaves it. */
  async function paidJob() {
    const { job, stories } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    await setJobState(server, job.id, { payment_status: "paid" });
    return { job, story: stories[0]!, task: stories[0]!.tasks[0]! };
  }
  const backlog = async (jobId: number) =>
    db()("requirement_tasks").where({ job_id: jobId }).orderBy("id").select("id", "title", "description", "priority", "status", "locked", "estimate_hours");

  /** Every scope edit of the API, on one paid job's story and task. */
  const scopeEdits = (jobId: number, storyId: string, taskId: string) =>
    [
      ["POST /jobs/:id/unlock", (user: BuiltUser) => user.agent.post(`/api/jobs/${jobId}/unlock`)],
      ["POST /jobs/:id/stories", (user: BuiltUser) => user.agent.post(`/api/jobs/${jobId}/stories`).send({ title: "Free extra story" })],
      ["POST /stories/:id/tasks", (user: BuiltUser) => user.agent.post(`/api/stories/${storyId}/tasks`).send({ title: "Free extra task", estimateHours: 40 })],
      ["PATCH /stories/:id", (user: BuiltUser) => user.agent.patch(`/api/stories/${storyId}`).send({ title: "Bigger story", description: "and more" })],
      [
        "PATCH /tasks/:id",
        (user: BuiltUser) => user.agent.patch(`/api/tasks/${taskId}`).send({ estimateHours: 99, acceptanceCriteria: ["Given more"], priority: "low" }),
      ],
      ["DELETE /tasks/:id", (user: BuiltUser) => user.agent.delete(`/api/tasks/${taskId}`)],
      ["DELETE /stories/:id", (user: BuiltUser) => user.agent.delete(`/api/stories/${storyId}`)],
    ] as const;

  it("refuses every scope edit of a paid job with 409 JOB_PAID, for the owner and an admin, and changes nothing", async () => {
    const { job, story, task } = await paidJob();
    const before = await backlog(job.id);
    for (const user of [alice, admin]) {
      for (const [route, send] of scopeEdits(job.id, story.id, task.id)) {
        const res = await send(user);
        expect([route, res.status, res.body.error]).toEqual([route, 409, refusalWordings.paidScope]);
      }
    }
    expect(await backlog(job.id)).toEqual(before);
    expect((await db()("jobs").where({ id: job.id }).first()).locked).toBe(true);
    expect(await activity(job.id)).not.toContain("unlock");
  });

  it("a paid job left unlocked (paid before the rule) still refuses story and task edits", async () => {
    const { job, story, task } = await paidJob();
    await setJobState(server, job.id, { locked: false });
    await db()("requirement_tasks").where({ job_id: job.id }).update({ locked: false });
    const before = await backlog(job.id);
    for (const [route, send] of scopeEdits(job.id, story.id, task.id).slice(1)) {
      const res = await send(alice);
      expect([route, res.status, res.body.error?.code]).toEqual([route, 409, "JOB_PAID"]);
    }
    expect(await backlog(job.id)).toEqual(before);
  });

  it("can and why say so, in the server's words", async () => {
    const { job } = await paidJob();
    const seen = (await alice.agent.get(`/api/jobs/${job.id}`).expect(200)).body.job;
    expect(seen.can).toMatchObject({ unlock: false, editTasks: false, requestChange: true });
    expect(seen.why).toMatchObject({ unlock: refusalWordings.paidScope, editTasks: refusalWordings.paidScope });
  });

  it("task status keeps moving on the started job, and a change request is still taken", async () => {
    const { job, task } = await startedJob();
    await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "in_progress" }).expect(200);
    await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
    expect((await db()("requirement_tasks").where({ id: task.id }).first()).status).toBe("done");
    await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Add a blog (a later piece prices this)" }).expect(201);
  });
});

describe("start and complete", () => {
  it("lets a freelancer start a locked, paid job, recording when and who", async () => {
    const { job } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    await setJobState(server, job.id, { payment_status: "paid" });
    const res = await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
    expect(res.body.job).toMatchObject({ status: "in_progress", freelancerId: nova.user.id });
    expect(res.body.job.startedAt).toBeTruthy();
    const again = await atlas.agent.post(`/api/jobs/${job.id}/start`).expect(409);
    expect(again.body.error.code).toBe("ALREADY_STARTED");
    expect((await db()("jobs").where({ id: job.id }).first()).freelancer_id).toBe(nova.user.id);
    expect(await activity(job.id)).toContain("start");
  });

  it("refuses non-freelancers, unlocked and unpaid jobs with the spec's messages", async () => {
    const { job } = await jobWithStories();
    const client = await alice.agent.post(`/api/jobs/${job.id}/start`).expect(403);
    expect(client.body.error).toMatchObject({ code: "FREELANCER_ONLY", message: "Only freelancers can start a project." });
    const unlocked = await nova.agent.post(`/api/jobs/${job.id}/start`).expect(409);
    expect(unlocked.body.error).toMatchObject({ code: "REQUIREMENTS_NOT_FINALIZED", message: "The project requirements must be locked before starting." });
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const unpaid = await nova.agent.post(`/api/jobs/${job.id}/start`).expect(409);
    expect(unpaid.body.error).toMatchObject({ code: "PAYMENT_REQUIRED", message: "Payment must be completed before the project can be started." });
    expect((await db()("jobs").where({ id: job.id }).first()).status).toBe("open");
  });

  it("[delivery-6] no freelancer completes a job by hand, the assigned one included: it completes with its last approved story", async () => {
    const { job } = await startedJob();
    await atlas.agent.post(`/api/jobs/${job.id}/complete`).expect(403);
    const res = await nova.agent.post(`/api/jobs/${job.id}/complete`).expect(403);
    expect(res.body.error.code).toBe("COMPLETE_DENIED");
    expect((await db()("jobs").where({ id: job.id }).first()).status).toBe("in_progress");
    expect(await activity(job.id)).not.toContain("complete");
  });
});

describe("completing a project", () => {
  it("refuses a freelancer who is not assigned with COMPLETE_DENIED and keeps the job in progress", async () => {
    const { job } = await startedJob();
    const res = await atlas.agent.post(`/api/jobs/${job.id}/complete`).expect(403);
    expect(res.body.error).toMatchObject({
      code: "COMPLETE_DENIED",
      title: "Permission Denied",
      message: "A project completes when its last story is approved; only admins can complete one by hand.",
    });
    const seen = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(seen.body.job).toMatchObject({ status: "in_progress", freelancerId: nova.user.id });
    expect(await activity(job.id)).not.toContain("complete");
  });

  it("lets an admin complete a project in progress", async () => {
    const { job } = await startedJob();
    const res = await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(200);
    expect(res.body.job).toMatchObject({ id: job.id, status: "completed", freelancerId: nova.user.id });
    expect((await db()("jobs").where({ id: job.id }).first()).status).toBe("completed");
    expect(await activity(job.id)).toContain("complete");
  });

  it("refuses a job that was not started with NOT_IN_PROGRESS and changes nothing", async () => {
    const { job } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    await setJobState(server, job.id, { payment_status: "paid" });
    const res = await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(409);
    expect(res.body.error).toMatchObject({
      code: "NOT_IN_PROGRESS",
      title: "Not In Progress",
      message: "Only a project in progress can be completed.",
    });
    const seen = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(seen.body.job).toMatchObject({ status: "open", startedAt: null, freelancerId: null });
    expect(await activity(job.id)).not.toContain("complete");
  });
});

describe("task status", () => {
  it("is moved by the assigned freelancer, with a comment", async () => {
    const { task } = await startedJob();
    const res = await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "clarification", comment: "Which colours?" }).expect(200);
    expect(res.body).toMatchObject({ status: "clarification", comment: "Which colours?" });
  });

  it("lets the owner comment but not change the status", async () => {
    const { task } = await startedJob();
    await alice.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "todo", comment: "Green and gold" }).expect(200);
    const denied = await alice.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(403);
    expect(denied.body.error.code).toBe("TASK_STATUS_DENIED");
    const row = await db()("requirement_tasks").where({ id: task.id }).first();
    expect(row).toMatchObject({ status: "todo", comment: "Green and gold" });
  });

  it("refuses other freelancers and jobs not started", async () => {
    const { task } = await startedJob();
    await atlas.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(403);
    const { stories } = await jobWithStories();
    const res = await admin.agent.patch(`/api/tasks/${stories[0]!.tasks[0]!.id}/status`).send({ status: "done" }).expect(409);
    expect(res.body.error.code).toBe("NOT_STARTED");
  });

  it("refuses a freelancer who is not assigned with TASK_STATUS_DENIED and keeps the task's status", async () => {
    const { job, task } = await startedJob();
    const res = await atlas.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done", comment: "Finished" }).expect(403);
    expect(res.body.error).toMatchObject({
      code: "TASK_STATUS_DENIED",
      title: "Permission Denied",
      message: "Only the assigned freelancer or admins can change the task status.",
    });
    const status = await alice.agent.get(`/api/jobs/${job.id}/status`).expect(200);
    const seen = status.body.stories.flatMap((s: { tasks: Array<{ id: string }> }) => s.tasks).find((t: { id: string }) => t.id === task.id);
    expect(seen).toMatchObject({ status: "todo", comment: null });
    expect(status.body.progress.done).toBe(0);
  });

  it("lets an admin change a task's status", async () => {
    const { job, task } = await startedJob();
    const res = await admin.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done", comment: "Checked by the office" }).expect(200);
    expect(res.body).toMatchObject({ id: task.id, status: "done", comment: "Checked by the office" });
    const status = await alice.agent.get(`/api/jobs/${job.id}/status`).expect(200);
    expect(status.body.progress.done).toBe(1);
  });

  it("feeds the project status and its progress", async () => {
    const { job, stories } = await startedJob();
    const tasks = stories.flatMap((s) => s.tasks);
    await nova.agent.patch(`/api/tasks/${tasks[0]!.id}/status`).send({ status: "done" }).expect(200);
    await nova.agent.patch(`/api/tasks/${tasks[1]!.id}/status`).send({ status: "in_progress" }).expect(200);
    const res = await alice.agent.get(`/api/jobs/${job.id}/status`).expect(200);
    expect(res.body.progress).toEqual({
      todo: tasks.length - 2,
      inProgress: 1,
      clarification: 0,
      done: 1,
      percent: Math.floor(100 / tasks.length),
    });
    await bob.agent.get(`/api/jobs/${job.id}/status`).expect(403);
  });
});

describe("change requests", () => {
  it("are refused until the job is locked or started", async () => {
    const { job } = await jobWithStories();
    const res = await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Add gift wrapping" }).expect(409);
    expect(res.body.error.code).toBe("CHANGE_NOT_ALLOWED");
    expect(await db()("job_change_requests").where({ job_id: job.id })).toHaveLength(0);
  });

  it("refuse a blank description with the spec's message", async () => {
    const { job } = await startedJob();
    const stories = await storyCount(job.id);
    const res = await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "  " }).expect(400);
    expect(res.body.error).toMatchObject({ code: "EMPTY_CHANGE_REQUEST", message: "Please describe the requested changes." });
    expect((await alice.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200)).body).toHaveLength(0);
    expect(await changeRequestCount(job.id)).toBe(0);
    expect(await storyCount(job.id)).toBe(stories);
  });

  it("refuse another client with CHANGE_REQUEST_DENIED and add neither a request nor a story", async () => {
    const { job } = await startedJob();
    await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Add gift wrapping" }).expect(201);
    const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body.length;
    const items = await storyCount(job.id);
    const res = await bob.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Mine" }).expect(403);
    expect(res.body.error).toMatchObject({
      code: "CHANGE_REQUEST_DENIED",
      title: "Permission Denied",
      message: "Only the job owner or admins can request changes.",
    });
    expect((await alice.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200)).body).toHaveLength(1);
    expect((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body).toHaveLength(stories);
    expect(await changeRequestCount(job.id)).toBe(1);
    expect(await storyCount(job.id)).toBe(items);
  });

  it("can be submitted by an admin: on a paid job, a quote that adds no story until it is paid", async () => {
    const { job } = await startedJob();
    const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body.length;
    const res = await admin.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Add a newsletter sign-up" }).expect(201);
    expect(res.body.changeRequest).toMatchObject({ jobId: job.id, status: "quoted", description: "Add a newsletter sign-up", storyId: null });
    expect(res.body.changeRequest.quote).toMatchObject({ estimateHours: 11 });
    expect(res.body.story).toBeNull();
    const list = await alice.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: res.body.changeRequest.id })]);
    expect((await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body).toHaveLength(stories);
  });

  it("add the 'Change Request Implementation' story with its three tasks, linked back, to a locked job not paid yet", async () => {
    const { job } = await jobWithStories();
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const res = await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Add gift wrapping" }).expect(201);
    expect(res.body.changeRequest).toMatchObject({ jobId: job.id, status: "pending", description: "Add gift wrapping", storyId: res.body.story.id });
    expect(res.body.story).toMatchObject({ title: "Change Request Implementation", priority: "high" });
    expect(res.body.story.tasks.map((t: { priority: string }) => t.priority)).toEqual(["high", "high", "medium"]);
    const list = await alice.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200);
    expect(list.body).toHaveLength(1);
    expect(await activity(job.id)).toContain("change_request");
    await bob.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Mine" }).expect(403);
  });
});

describe("task messages", () => {
  it("are shared by the owner, the assigned freelancer and admins, with files", async () => {
    const { job, task } = await startedJob();
    await alice.agent.post(`/api/tasks/${task.id}/messages`).send({ content: "Is the logo final?" }).expect(201);
    const withFile = await nova.agent
      .post(`/api/tasks/${task.id}/messages`)
      .field("content", "Here is a draft")
      .attach("files", Buffer.from("%PDF-1.4\n%%EOF\n"), "draft.pdf")
      .expect(201);
    expect(withFile.body.attachments).toEqual([{ name: "draft.pdf", url: expect.stringMatching(/^\/files\//), type: "application/pdf", size: 15 }]);
    const file = await alice.agent.get(withFile.body.attachments[0].url).expect(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    const list = await admin.agent.get(`/api/tasks/${task.id}/messages`).expect(200);
    expect(list.body.map((m: { content: string; senderName: string }) => [m.senderName, m.content])).toEqual([
      [`${alice.user.firstName} ${alice.user.lastName}`, "Is the logo final?"],
      [`${nova.user.firstName} ${nova.user.lastName}`, "Here is a draft"],
    ]);
    const status = await alice.agent.get(`/api/jobs/${job.id}/status`).expect(200);
    const counted = status.body.stories
      .flatMap((s: { tasks: Array<{ id: string; messageCount: number }> }) => s.tasks)
      .find((t: { id: string }) => t.id === task.id);
    expect(counted.messageCount).toBe(2);
  });

  it("refuse outsiders and their files", async () => {
    const { task } = await startedJob();
    const msg = await nova.agent.post(`/api/tasks/${task.id}/messages`).field("content", "x").attach("files", Buffer.from("hello\n"), "a.txt").expect(201);
    await bob.agent.get(`/api/tasks/${task.id}/messages`).expect(403);
    await bob.agent.post(`/api/tasks/${task.id}/messages`).send({ content: "hi" }).expect(403);
    await atlas.agent.get(`/api/tasks/${task.id}/messages`).expect(403);
    await bob.agent.get(msg.body.attachments[0].url).expect(404);
  });

  it("refuse an outsider's message with COMMUNICATION_DENIED and store nothing", async () => {
    const { task } = await startedJob();
    await alice.agent.post(`/api/tasks/${task.id}/messages`).send({ content: "Is the logo final?" }).expect(201);
    for (const outsider of [bob, atlas]) {
      const res = await outsider.agent.post(`/api/tasks/${task.id}/messages`).send({ content: "Let me in" }).expect(403);
      expect(res.body.error).toMatchObject({
        code: "COMMUNICATION_DENIED",
        title: "Permission Denied",
        message: "Only the job owner, the assigned freelancer and admins can see this conversation.",
      });
    }
    const list = await admin.agent.get(`/api/tasks/${task.id}/messages`).expect(200);
    expect(list.body.map((m: { content: string }) => m.content)).toEqual(["Is the logo final?"]);
    expect(await messageCount(task.id)).toBe(1);
  });

  it("refuse an attachment over 10 MB with FILE_TOO_LARGE and store no message", async () => {
    const { task } = await startedJob();
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await nova.agent.post(`/api/tasks/${task.id}/messages`).field("content", "The full mock-ups").attach("files", big, "mockups.pdf").expect(413);
    expect(res.body.error).toMatchObject({ code: "FILE_TOO_LARGE", title: "File Too Large", message: "Files may be at most 10 MB each." });
    expect((await alice.agent.get(`/api/tasks/${task.id}/messages`).expect(200)).body).toEqual([]);
    expect(await messageCount(task.id)).toBe(0);
    expect(await taskFileCount(task.id)).toBe(0);
  });

  it("refuse an outsider before reading the upload: 403, even with a file over 10 MB", async () => {
    const { task } = await startedJob();
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await bob.agent.post(`/api/tasks/${task.id}/messages`).field("content", "Let me in").attach("files", big, "big.pdf").expect(403);
    expect(res.body.error.code).toBe("COMMUNICATION_DENIED");
    expect(await messageCount(task.id)).toBe(0);
  });

  it("need text or a file", async () => {
    const { task } = await startedJob();
    const res = await alice.agent.post(`/api/tasks/${task.id}/messages`).send({ content: "   " }).expect(400);
    expect(res.body.error.code).toBe("EMPTY_MESSAGE");
  });
});
