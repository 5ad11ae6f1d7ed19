import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disputeSchema, releaseAmounts, type Story } from "@forgehire/core";
import { autoApproveStory, verifyLedger, type TestPaymentProvider } from "@forgehire/services";
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

/** A job of alice's with stories, locked (milestone amounts fixed), paid by test card and started by nova. */
async function startedJob() {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(alice, job.id);
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories };
}

async function submitted(story: Story) {
  for (const task of story.tasks) await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  return (await nova.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200)).body.story as Story;
}

async function disputed(by: BuiltUser, jobId: number, body: { reason: string; storyId?: string }) {
  const res = await by.agent.post(`/api/jobs/${jobId}/disputes`).send(body).expect(201);
  return res.body.dispute as { id: string; jobId: number; storyId: string | null; status: string };
}

const deliveryStatus = async (storyId: string) =>
  ((await db()("requirement_tasks").where({ id: storyId }).first()) as { delivery_status: string }).delivery_status;
const money = async (jobId: number) =>
  (await alice.agent.get(`/api/jobs/${jobId}/money`).expect(200)).body as {
    paidCents: number;
    heldCents: number;
    releasedCents: number;
    refundedCents: number;
    feeCents: number;
  };

describe("opening a dispute", () => {
  it("[dispute-1] the owner disputes a story in review: 201, the story disputed, the reason in its thread", async () => {
    const { job, stories } = await startedJob();
    await submitted(stories[0]!);
    const res = await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "  Not what we agreed  ", storyId: stories[0]!.id }).expect(201);
    expect(res.body.dispute).toMatchObject({ jobId: job.id, storyId: stories[0]!.id, status: "open", reason: "Not what we agreed", openedBy: alice.user.id });
    expect(disputeSchema.parse(res.body.dispute)).toEqual(res.body.dispute);
    expect(await deliveryStatus(stories[0]!.id)).toBe("disputed");
    const thread = await db()("task_communications").where({ task_id: stories[0]!.id });
    expect(thread.map((m: { content: string }) => m.content)).toContain("Dispute opened: Not what we agreed");
    // The other party and the admins are e-mailed; the one who opened it is not.
    const sent = (await db()("emails").where({ kind: "dispute_opened", job_id: job.id })).map((e: { to_address: string }) => e.to_address);
    expect(sent).toEqual(expect.arrayContaining([nova.user.email, admin.user.email]));
    expect(sent).not.toContain(alice.user.email);
  });

  it("[dispute-1] the assigned freelancer disputes the whole job: every story not approved is disputed", async () => {
    const { job, stories } = await startedJob();
    await submitted(stories[0]!);
    await alice.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
    const dispute = await disputed(nova, job.id, { reason: "The client keeps changing the scope" });
    expect(dispute).toMatchObject({ storyId: null, status: "open" });
    expect(await deliveryStatus(stories[0]!.id)).toBe("approved");
    for (const story of stories.slice(1)) expect(await deliveryStatus(story.id)).toBe("disputed");
  });

  it("[dispute-2] strangers, another freelancer and admins are refused 403; a blank reason is 400 EMPTY_REASON; nothing changes", async () => {
    const { job, stories } = await startedJob();
    for (const someone of [bob, atlas, admin]) {
      const res = await someone.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "x", storyId: stories[0]!.id }).expect(403);
      expect(res.body.error.code).toBe("DISPUTE_DENIED");
    }
    for (const body of [{ reason: "   " }, {}]) {
      const res = await alice.agent.post(`/api/jobs/${job.id}/disputes`).send(body).expect(400);
      expect(res.body.error.code).toBe("EMPTY_REASON");
    }
    await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "x", storyId: "nope" }).expect(400);
    expect(await db()("disputes").where({ job_id: job.id })).toHaveLength(0);
    expect(await deliveryStatus(stories[0]!.id)).toBe("building");
  });

  it("[dispute-2] one open dispute per story (409 NOT_DISPUTABLE); an unpaid job holds no money to dispute (409)", async () => {
    const { job, stories } = await startedJob();
    await disputed(alice, job.id, { reason: "Late", storyId: stories[0]!.id });
    const again = await nova.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Me too", storyId: stories[0]!.id }).expect(409);
    expect(again.body.error.code).toBe("NOT_DISPUTABLE");
    const whole = await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "All of it" }).expect(409);
    expect(whole.body.error.code).toBe("NOT_DISPUTABLE");
    expect(await db()("disputes").where({ job_id: job.id })).toHaveLength(1);

    const unpaid = await buildJob(alice);
    const res = await alice.agent.post(`/api/jobs/${unpaid.id}/disputes`).send({ reason: "x" }).expect(409);
    expect(res.body.error.code).toBe("JOB_NOT_IN_PROGRESS");
  });

  it("[dispute-3] a disputed story cannot be approved (409) and its queued auto-approval is a no-op", async () => {
    const { job, stories } = await startedJob();
    const inReview = await submitted(stories[0]!);
    await disputed(nova, job.id, { reason: "Approve it, please", storyId: stories[0]!.id });
    for (const someone of [alice, admin]) {
      expect((await someone.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(409)).body.error.code).toBe("NOT_IN_REVIEW");
    }
    expect(await autoApproveStory(server.services, { storyId: inReview.id, submittedAt: inReview.delivery.submittedAt! })).toBeNull();
    expect(await deliveryStatus(stories[0]!.id)).toBe("disputed");
    expect((await money(job.id)).releasedCents).toBe(0);
  });
});

describe("resolving a dispute", () => {
  it("[dispute-4] a release and refund that do not add up to what is held is 400 RESOLUTION_MISMATCH and changes nothing", async () => {
    const { job, stories } = await startedJob();
    const dispute = await disputed(alice, job.id, { reason: "Broken", storyId: stories[0]!.id });
    const held = stories[0]!.amountCents!;
    const before = await money(job.id);
    for (const body of [
      { releaseCents: held, refundCents: 1, note: "" },
      { releaseCents: 0, refundCents: held - 1, note: "" },
    ]) {
      const res = await admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send(body).expect(400);
      expect(res.body.error.code).toBe("RESOLUTION_MISMATCH");
    }
    for (const body of [{ releaseCents: -1, refundCents: held + 1 }, { releaseCents: 1.5, refundCents: held - 1.5 }, {}]) {
      expect((await admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send(body).expect(400)).body.error.code).toBe("VALIDATION");
    }
    expect(await money(job.id)).toEqual(before);
    expect((await db()("disputes").where({ id: dispute.id }).first()).status).toBe("open");
    expect(await deliveryStatus(stories[0]!.id)).toBe("disputed");
  });

  it("[dispute-5] an admin splits the held part: released with the fee, refunded through the provider, the story approved by admin", async () => {
    const { job, stories } = await startedJob();
    const dispute = await disputed(alice, job.id, { reason: "Half done", storyId: stories[0]!.id });
    const held = stories[0]!.amountCents!;
    const releaseCents = Math.floor(held * 0.6);
    const refundCents = held - releaseCents;
    const before = await money(job.id);
    for (const someone of [alice, nova]) await someone.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents, refundCents }).expect(403);

    const res = await admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents, refundCents, note: "Split 60/40" }).expect(200);
    expect(res.body.dispute).toMatchObject({ status: "resolved", releaseCents, refundCents, note: "Split 60/40", resolvedBy: admin.user.id });
    const after = await money(job.id);
    const fee = releaseAmounts(releaseCents, 10).feeCents;
    expect(after).toMatchObject({
      paidCents: before.paidCents,
      releasedCents: releaseCents,
      refundedCents: refundCents,
      feeCents: fee,
      heldCents: before.heldCents - held,
    });
    const story = await db()("requirement_tasks").where({ id: stories[0]!.id }).first();
    expect(story).toMatchObject({ delivery_status: "approved", approved_by: "admin" });
    const refunds = (server.services.payments as TestPaymentProvider).refunds.filter((r) => r.idempotencyKey.endsWith(dispute.id));
    expect(refunds).toEqual([expect.objectContaining({ amount: refundCents, partial: true })]);
    const outcome = await db()("emails").where({ kind: "dispute_resolved", job_id: job.id });
    expect(outcome.map((e: { to_address: string }) => e.to_address).sort()).toEqual([alice.user.email, nova.user.email].sort());
    expect(outcome[0].body_text).toContain("Split 60/40");
    expect((await verifyLedger(server.services)).ok).toBe(true);
    // The freelancer's money for the rest of the job is untouched: the next story releases its whole milestone.
    expect((await db()("jobs").where({ id: job.id }).first()).status).toBe("in_progress");
  });

  it("[dispute-6] a second resolution is 409 DISPUTE_RESOLVED; two at once: one 200, one 409, the money moved once", async () => {
    for (let round = 0; round < 3; round++) {
      const { job, stories } = await startedJob();
      const dispute = await disputed(nova, job.id, { reason: "Unpaid work", storyId: stories[0]!.id });
      const held = stories[0]!.amountCents!;
      const answers = await Promise.all([
        admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents: held, refundCents: 0 }),
        admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents: 0, refundCents: held }),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(answers.find((res) => res.status === 409)!.body.error.code).toBe("DISPUTE_RESOLVED");
      const after = await money(job.id);
      expect(after.releasedCents + after.refundedCents).toBe(held);
      const again = await admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents: held, refundCents: 0 }).expect(409);
      expect(again.body.error.code).toBe("DISPUTE_RESOLVED");
    }
    expect((await verifyLedger(server.services)).ok).toBe(true);
  });

  it("[dispute-7] resolving a whole-job dispute approves every disputed story and completes the job with nothing in escrow", async () => {
    const { job, stories } = await startedJob();
    await submitted(stories[0]!);
    await alice.agent.post(`/api/stories/${stories[0]!.id}/approve`).expect(200);
    const dispute = await disputed(alice, job.id, { reason: "Abandoned" });
    const held = stories.slice(1).reduce((sum, story) => sum + story.amountCents!, 0);
    expect((await money(job.id)).heldCents).toBe(held);
    await admin.agent
      .post(`/api/admin/disputes/${dispute.id}/resolve`)
      .send({ releaseCents: 100, refundCents: held - 100, note: "" })
      .expect(200);
    const after = await money(job.id);
    expect(after.heldCents).toBe(0);
    expect(after.releasedCents + after.refundedCents).toBe(after.paidCents);
    expect((await db()("jobs").where({ id: job.id }).first()).status).toBe("completed");
    expect((await verifyLedger(server.services)).ok).toBe(true);
  });

  it("[dispute-8] the back office lists disputes (Content-Range) and shows one; others are refused", async () => {
    const { job, stories } = await startedJob();
    const dispute = await disputed(alice, job.id, { reason: "Listed", storyId: stories[0]!.id });
    const list = await admin.agent
      .get(`/api/admin/disputes`)
      .query({ filter: JSON.stringify({ jobId: job.id, status: "open" }), range: "[0,9]" })
      .expect(200);
    expect(list.headers["content-range"]).toBe("disputes 0-0/1");
    expect(list.body).toEqual([expect.objectContaining({ id: dispute.id, status: "open", reason: "Listed" })]);
    expect((await admin.agent.get(`/api/admin/disputes/${dispute.id}`).expect(200)).body).toMatchObject({ id: dispute.id, jobId: job.id });
    await admin.agent.get(`/api/admin/disputes/00000000-0000-4000-8000-000000000000`).expect(404);
    await alice.agent.get(`/api/admin/disputes`).expect(403);
  });
});

describe("a job's disputes for its parties", () => {
  it("[dispute-10] GET /api/jobs/:id/disputes gives the owner, the assigned freelancer and admins the open dispute, then its outcome; others 403", async () => {
    const { job, stories } = await startedJob();
    await submitted(stories[0]!);
    const none = await alice.agent.get(`/api/jobs/${job.id}/disputes`).expect(200);
    expect(none.body).toEqual({ items: [] });
    const dispute = await disputed(nova, job.id, { reason: "Scope argued", storyId: stories[0]!.id });
    for (const party of [alice, nova, admin]) {
      const res = await party.agent.get(`/api/jobs/${job.id}/disputes`).expect(200);
      expect(res.body.items).toEqual([
        expect.objectContaining({ id: dispute.id, storyId: stories[0]!.id, status: "open", reason: "Scope argued", openedBy: nova.user.id }),
      ]);
      expect(disputeSchema.parse(res.body.items[0])).toEqual(res.body.items[0]);
    }
    for (const outsider of [bob, atlas]) {
      const refused = await outsider.agent.get(`/api/jobs/${job.id}/disputes`).expect(403);
      expect(refused.body.error).toMatchObject({ code: "DISPUTES_ACCESS_DENIED", message: expect.any(String) });
    }
    await server.agent().get(`/api/jobs/${job.id}/disputes`).expect(401);
    await alice.agent.get(`/api/jobs/999999999/disputes`).expect(404);
    await alice.agent.get(`/api/jobs/not-a-number/disputes`).expect(400);

    const held = stories[0]!.amountCents!;
    const releaseCents = Math.floor(held / 2);
    await admin.agent
      .post(`/api/admin/disputes/${dispute.id}/resolve`)
      .send({ releaseCents, refundCents: held - releaseCents, note: "Split" })
      .expect(200);
    const resolved = await alice.agent.get(`/api/jobs/${job.id}/disputes`).expect(200);
    expect(resolved.body.items[0]).toMatchObject({ status: "resolved", releaseCents, refundCents: held - releaseCents, note: "Split" });
  });
});
