import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { releaseAmounts, storySchema, type Story } from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
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

/** A job of alice's with stories, locked (milestone amounts fixed), paid and started by nova. */
async function startedJob(owner = alice, freelancer = nova) {
  const job = await buildJob(owner);
  await owner.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await owner.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(owner, job.id);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await owner.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories };
}

/** Marks every task of a story done, as the freelancer does over the API. */
async function finishTasks(story: Story, freelancer = nova) {
  for (const task of story.tasks) await freelancer.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
}

async function submitted(story: Story, freelancer = nova) {
  await finishTasks(story, freelancer);
  return (
    await freelancer.agent
      .post(`/api/stories/${story.id}/submit`)
      .send({ note: "Ready", links: ["https://preview.example.test/cart"] })
      .expect(200)
  ).body.story as Story;
}

const jobRow = async (id: number) => (await db()("jobs").where({ id }).first()) as { status: string; completed_at: Date | null };

describe("submit", () => {
  it("[delivery-1] the assigned freelancer submits a story whose tasks are all done: in review until now + REVIEW_PERIOD", async () => {
    const { stories } = await startedJob();
    const before = Date.now();
    const story = await submitted(stories[0]!);
    expect(storySchema.parse(story)).toEqual(story);
    expect(story.delivery).toMatchObject({ status: "in_review", note: "Ready", links: ["https://preview.example.test/cart"], revisionCount: 0, files: [] });
    const due = new Date(story.delivery.reviewDueAt!).getTime() - new Date(story.delivery.submittedAt!).getTime();
    expect(due).toBe(7 * 86_400_000);
    expect(new Date(story.delivery.submittedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("[delivery-2] a story with a task not done is refused 409 TASKS_NOT_DONE and stays building", async () => {
    const { stories } = await startedJob();
    const res = await nova.agent.post(`/api/stories/${stories[0]!.id}/submit`).send({ note: "Ready" }).expect(409);
    expect(res.body.error.code).toBe("TASKS_NOT_DONE");
    expect((await db()("requirement_tasks").where({ id: stories[0]!.id }).first()).delivery_status).toBe("building");
  });

  it("[delivery-1] anyone but the assigned freelancer is refused 403 SUBMIT_DENIED; bad links are 400; an unknown story 404", async () => {
    const { stories } = await startedJob();
    await finishTasks(stories[0]!);
    for (const someone of [alice, atlas, admin, bob]) {
      const res = await someone.agent.post(`/api/stories/${stories[0]!.id}/submit`).send({ note: "x" }).expect(403);
      expect(res.body.error.code).toBe("SUBMIT_DENIED");
    }
    const bad = await nova.agent
      .post(`/api/stories/${stories[0]!.id}/submit`)
      .send({ note: "x", links: ["javascript:alert(1)"] })
      .expect(400);
    expect(bad.body.error.code).toBe("VALIDATION");
    await nova.agent.post(`/api/stories/not-a-uuid/submit`).send({}).expect(400);
    const missing = await nova.agent.post(`/api/stories/00000000-0000-4000-8000-000000000000/submit`).send({}).expect(404);
    expect(missing.body.error.code).toBe("STORY_NOT_FOUND");
  });

  it("e-mails the client that the story waits for review, with the deadline", async () => {
    const { job, stories } = await startedJob();
    await submitted(stories[0]!);
    const sent = await db()("emails").where({ kind: "story_submitted", to_address: alice.user.email, job_id: job.id });
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`Ready for review: ${stories[0]!.title}`);
  });
});

describe("approve", () => {
  it("[delivery-3] the owner approves a story in review and gets the release: fee PLATFORM_FEE_PERCENT of its milestone", async () => {
    const { stories } = await startedJob();
    await submitted(stories[0]!);
    const res = await alice.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
    expect(res.body.story.delivery).toMatchObject({ status: "approved", approvedBy: "client", reviewDueAt: null });
    expect(res.body.release).toEqual(releaseAmounts(stories[0]!.amountCents!, 10));
    // The release is in the ledger, in the approval's own transaction: out of escrow, net to the freelancer, fee to us.
    const money = (await alice.agent.get(`/api/jobs/${stories[0]!.jobId}/money`).expect(200)).body;
    expect(money).toMatchObject({ releasedCents: res.body.release.grossCents, feeCents: res.body.release.feeCents });
    expect(res.body.release.grossCents).toBe(stories[0]!.amountCents);
    expect(res.body.release.feeCents + res.body.release.netCents).toBe(res.body.release.grossCents);
  });

  it("[delivery-4] a second approval is 409 NOT_IN_REVIEW; the freelancer and strangers are 403", async () => {
    const { stories } = await startedJob();
    await submitted(stories[0]!);
    for (const someone of [nova, atlas, bob]) {
      expect((await someone.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(403)).body.error.code).toBe("APPROVE_DENIED");
    }
    await admin.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
    const again = await alice.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(409);
    expect(again.body.error.code).toBe("NOT_IN_REVIEW");
    expect((await db()("requirement_tasks").where({ id: stories[0]!.id }).first()).approved_by).toBe("admin");
    const building = await alice.agent.post(`/api/stories/${stories[1]!.id}/approve`).expect(409);
    expect(building.body.error.code).toBe("NOT_IN_REVIEW");
  });

  it("[delivery-5] two approvals at once: exactly one 200, the other 409, one approval recorded", async () => {
    for (let round = 0; round < 3; round++) {
      const { job, stories } = await startedJob();
      await submitted(stories[0]!);
      const answers = await Promise.all([
        alice.agent.post(`/api/stories/${stories[0]!.id}/approve`),
        admin.agent.post(`/api/stories/${stories[0]!.id}/approve`),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const approvals = await db()("job_activity").where({ job_id: job.id, action: "story_approved" });
      expect(approvals).toHaveLength(1);
    }
  });

  it("[delivery-6] the job completes when its last story is approved, not before; the freelancer cannot complete it by hand", async () => {
    const { job, stories } = await startedJob();
    expect(stories.length).toBeGreaterThan(1);
    expect((await nova.agent.post(`/api/jobs/${job.id}/complete`).expect(403)).body.error.code).toBe("COMPLETE_DENIED");
    for (const [index, story] of stories.entries()) {
      await submitted(story);
      await alice.agent.post(`/api/stories/${story.id}/approve`).expect(200);
      const row = await jobRow(job.id);
      expect(row.status).toBe(index === stories.length - 1 ? "completed" : "in_progress");
    }
    expect((await jobRow(job.id)).completed_at).not.toBeNull();
    const seen = (await alice.agent.get(`/api/jobs/${job.id}`).expect(200)).body.job;
    expect(seen.status).toBe("completed");
    expect(seen.can).toMatchObject({ approve: false, submit: false });
    expect(await db()("emails").where({ kind: "job_completed", job_id: job.id })).toHaveLength(1);
    // Every milestone released: the escrow is empty, the fee and the freelancer's net add up to what was paid.
    const money = (await alice.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body;
    expect(money).toMatchObject({ heldCents: 0, releasedCents: money.paidCents, refundedCents: 0 });
    expect(money.paidCents).toBe(stories.reduce((sum, story) => sum + story.amountCents!, 0));
  });
});

describe("the admin override", () => {
  it("[delivery-14] an admin completing a job by hand approves its other stories and releases their milestones: nothing stays in escrow", async () => {
    const { job, stories } = await startedJob();
    expect(stories.length).toBeGreaterThan(1);
    await submitted(stories[0]!);
    await alice.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
    await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(200);
    expect((await jobRow(job.id)).status).toBe("completed");
    const after = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
    expect(after.map((story) => story.delivery.approvedBy)).toEqual(["client", ...stories.slice(1).map(() => "admin")]);
    const money = (await alice.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body;
    expect(money).toMatchObject({ heldCents: 0, releasedCents: money.paidCents });
    const releases = await db()("ledger_transactions").where({ job_id: job.id, kind: "release" });
    expect(releases).toHaveLength(stories.length);
  });
});

describe("request changes", () => {
  it("[delivery-7] the owner sends a story back with a reason, posted in the story's thread; the freelancer resubmits", async () => {
    const { stories } = await startedJob();
    const story = stories[0]!;
    await submitted(story);
    const res = await alice.agent.post(`/api/stories/${story.id}/request-changes`).send({ reason: "  The cart total is wrong  " }).expect(200);
    expect(res.body.story.delivery).toMatchObject({ status: "changes_requested", revisionCount: 1, reviewDueAt: null });
    const thread = await db()("task_communications").where({ task_id: story.id });
    expect(thread.map((message: { content: string; sender_id: string }) => [message.content, message.sender_id])).toEqual([
      ["Changes requested: The cart total is wrong", alice.user.id],
    ]);
    const again = await nova.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Fixed" }).expect(200);
    expect(again.body.story.delivery).toMatchObject({ status: "in_review", revisionCount: 1, note: "Fixed" });
  });

  it("[delivery-8] a blank reason is 400 EMPTY_REASON; only the owner may ask (403); a story not in review is 409", async () => {
    const { stories } = await startedJob();
    await submitted(stories[0]!);
    for (const body of [{ reason: "   " }, {}]) {
      const res = await alice.agent.post(`/api/stories/${stories[0]!.id}/request-changes`).send(body).expect(400);
      expect(res.body.error.code).toBe("EMPTY_REASON");
    }
    for (const someone of [nova, admin, bob]) {
      const res = await someone.agent.post(`/api/stories/${stories[0]!.id}/request-changes`).send({ reason: "x" }).expect(403);
      expect(res.body.error.code).toBe("REQUEST_CHANGES_DENIED");
    }
    const building = await alice.agent.post(`/api/stories/${stories[1]!.id}/request-changes`).send({ reason: "x" }).expect(409);
    expect(building.body.error.code).toBe("NOT_IN_REVIEW");
  });

  it("[delivery-9] beyond MAX_REVISIONS the answer is 409 REVISION_LIMIT, pointing to a dispute", async () => {
    const { stories } = await startedJob();
    const story = stories[0]!;
    await submitted(story);
    for (let round = 1; round <= 3; round++) {
      await alice.agent
        .post(`/api/stories/${story.id}/request-changes`)
        .send({ reason: `Round ${round}` })
        .expect(200);
      await nova.agent
        .post(`/api/stories/${story.id}/submit`)
        .send({ note: `Fix ${round}` })
        .expect(200);
    }
    const res = await alice.agent.post(`/api/stories/${story.id}/request-changes`).send({ reason: "Round 4" }).expect(409);
    expect(res.body.error.code).toBe("REVISION_LIMIT");
    expect(res.body.error.message).toMatch(/dispute/i);
    expect((await db()("requirement_tasks").where({ id: story.id }).first()).revision_count).toBe(3);
  });
});

describe("can and why", () => {
  it("[delivery-10] each story says what the asker may do to its delivery, the job says it for the job", async () => {
    const { job, stories } = await startedJob();
    await submitted(stories[0]!);
    const asAlice = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
    expect(asAlice[0]!.can).toMatchObject({ approve: true, requestChanges: true, submit: false });
    expect(asAlice[1]!.can).toMatchObject({ approve: false });
    expect(asAlice[1]!.why?.approve?.code).toBe("NOT_IN_REVIEW");
    const asNova = (await nova.agent.get(`/api/jobs/${job.id}/status`).expect(200)).body.stories as Story[];
    expect(asNova[1]!.can).toMatchObject({ submit: false, approve: false });
    expect(asNova[1]!.why?.submit?.code).toBe("TASKS_NOT_DONE");
    const seen = (await nova.agent.get(`/api/jobs/${job.id}`).expect(200)).body.job;
    expect(seen.can).toMatchObject({ submit: true, approve: false, complete: false });
  });
});

describe("auto-approval", () => {
  let quick: TestServer;
  let client: BuiltUser;
  let freelancer: BuiltUser;
  beforeAll(async () => {
    quick = await startTestServer({ REVIEW_PERIOD: "PT4S", QUEUE_POLL_SECONDS: "0.5" });
    [client, freelancer] = await Promise.all([buildClient(quick), buildFreelancer(quick)]);
  });
  afterAll(async () => {
    await quick?.stop();
  });

  it("[delivery-11] a story still in review at its deadline is approved by the system, once", async () => {
    const { job, stories } = await startedJob(client, freelancer);
    const story = await submitted(stories[0]!, freelancer);
    await vi.waitFor(
      async () => {
        const row = await quick.services.db("requirement_tasks").where({ id: story.id }).first();
        expect(row.delivery_status).toBe("approved");
        expect(row.approved_by).toBe("system");
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(await quick.services.db("job_activity").where({ job_id: job.id, action: "story_approved" })).toHaveLength(1);
  }, 30_000);

  it("[delivery-12] a resubmission before the deadline makes the first timer a no-op: approved at the new deadline, not the old one", async () => {
    const { stories } = await startedJob(client, freelancer);
    const story = stories[0]!;
    const first = await submitted(story, freelancer);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await client.agent.post(`/api/stories/${story.id}/request-changes`).send({ reason: "Again" }).expect(200);
    const again = (await freelancer.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Fixed" }).expect(200)).body.story as Story;
    // Past the first deadline, before the second: the first timer found the story in review, but in another
    // submission, and left it there.
    const firstDue = new Date(first.delivery.reviewDueAt!).getTime();
    const secondDue = new Date(again.delivery.reviewDueAt!).getTime();
    expect(secondDue - firstDue).toBeGreaterThanOrEqual(1_500);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, firstDue + 1_200 - Date.now())));
    expect(Date.now()).toBeLessThan(secondDue);
    expect((await quick.services.db("requirement_tasks").where({ id: story.id }).first()).delivery_status).toBe("in_review");
    await vi.waitFor(async () => expect((await quick.services.db("requirement_tasks").where({ id: story.id }).first()).delivery_status).toBe("approved"), {
      timeout: 20_000,
      interval: 250,
    });
  }, 40_000);
});
