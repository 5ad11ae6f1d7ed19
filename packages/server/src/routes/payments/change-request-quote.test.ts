import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeRequestSchema, type ChangeRequest, type Story } from "@forgehire/core";
import { applyPaymentEvent, verifyLedger, type TestPaymentProvider } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, testCard, type BuiltUser } from "../../test/factories.js";
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

const db = () => server.services.db;

/**
 * A job of alice's at $220 whose breakdown is 40 estimated hours (one task carries them all), locked; paid unless
 * told otherwise. The change request story's estimate is 11 h (2 + 6 + 3), so its quote is 22000 × 11 / 40 = 6050.
 */
async function job220(options: { pay?: boolean } = {}) {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await db()("jobs").where({ id: job.id }).update({ budget: 220 });
  await db()("requirement_tasks").where({ job_id: job.id, type: "task" }).update({ estimate_hours: 0 });
  const first = await db()("requirement_tasks").where({ job_id: job.id, type: "task" }).orderBy("position").first();
  await db()("requirement_tasks").where({ id: first.id }).update({ estimate_hours: 40 });
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  if (options.pay !== false) await payByTestCard(alice, job.id);
  return job;
}

const stories = async (jobId: number) => (await alice.agent.get(`/api/jobs/${jobId}/stories`).expect(200)).body as Story[];
const money = async (jobId: number) => (await alice.agent.get(`/api/jobs/${jobId}/money`).expect(200)).body;
const request = async (jobId: number, description = "Add a wishlist page") =>
  (await alice.agent.post(`/api/jobs/${jobId}/change-requests`).send({ description }).expect(201)).body as {
    changeRequest: ChangeRequest;
    story: Story | null;
  };
const payQuote = async (id: string, payer = alice) => {
  const intent = await payer.agent.post(`/api/change-requests/${id}/payment-intent`).expect(200);
  return payer.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId));
};

describe("cr-2: a change request on a paid job is a quote at the job's rate, not scope", () => {
  it("[cr-2] $220 for 40 h: an 11 h change is quoted 6050 cents, status quoted, with no story added", async () => {
    const job = await job220();
    const before = await stories(job.id);
    const { changeRequest, story } = await request(job.id);
    expect(changeRequestSchema.parse(changeRequest)).toEqual(changeRequest);
    expect(changeRequest).toMatchObject({ status: "quoted", quote: { priceCents: 6050, estimateHours: 11 }, storyId: null, can: { pay: true, decline: true } });
    expect(story).toBeNull();
    expect(await stories(job.id)).toHaveLength(before.length);
    const listed = (await alice.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200)).body as ChangeRequest[];
    expect(listed).toEqual([changeRequest]);
    // The freelancer sees it but may neither pay nor decline it, and the server says why.
    const seenByAdmin = (await admin.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200)).body as ChangeRequest[];
    expect(seenByAdmin[0]!.can).toEqual({ pay: true, decline: true });
    const seenByNova = (await nova.agent.get(`/api/jobs/${job.id}/change-requests`).expect(200)).body as ChangeRequest[];
    expect(seenByNova[0]!.can).toEqual({ pay: false, decline: false });
    expect(seenByNova[0]!.why?.pay?.code).toBe("PAYMENT_ACCESS_DENIED");
  });

  it("[cr-2] the rate is the job's own: a paid change does not dilute the next quote", async () => {
    const job = await job220();
    const first = await request(job.id);
    expect((await payQuote(first.changeRequest.id)).status).toBe(200);
    const second = await request(job.id, "Add a gift card page");
    expect(second.changeRequest.quote).toEqual({ priceCents: 6050, estimateHours: 11 });
  });
});

describe("cr-3: a quote is paid like the job, into escrow, and only then becomes a story with its own milestone", () => {
  it("[cr-3] payment intent (same shape as the job's) → test confirm → its own capture into escrow, a story of 6050 cents, building", async () => {
    const job = await job220();
    const { changeRequest } = await request(job.id);
    const jobIntent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(409);
    expect(jobIntent.body.error.code).toBe("ALREADY_PAID");
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    expect(Object.keys(intent.body).sort()).toEqual(["amount", "clientSecret", "currency", "paymentId", "provider", "publishableKey"]);
    expect(intent.body).toMatchObject({ amount: 6050, currency: "usd", provider: "test" });
    const confirmed = await alice.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(200);
    expect(confirmed.body.changeRequest).toMatchObject({ id: changeRequest.id, status: "paid", can: { pay: false, decline: false } });
    const storyId = confirmed.body.changeRequest.storyId as string;
    const added = (await stories(job.id)).find((story) => story.id === storyId)!;
    expect(added).toMatchObject({
      title: "Change Request Implementation",
      amountCents: 6050,
      estimateHours: 11,
      locked: true,
      delivery: { status: "building" },
    });
    expect(await money(job.id)).toMatchObject({ paidCents: 22_000 + 6050, heldCents: 22_000 + 6050, releasedCents: 0, refundedCents: 0 });
    const captures = await db()("ledger_transactions").where({ job_id: job.id, kind: "payment_captured" });
    expect(captures).toHaveLength(2);
    expect(captures.map((t) => t.payment_id)).toContain(intent.body.paymentId);
    const payments = (await alice.agent.get(`/api/jobs/${job.id}/payments`).expect(200)).body as Array<{ changeRequestId: string | null; status: string }>;
    expect(payments.filter((p) => p.status === "succeeded").map((p) => p.changeRequestId)).toEqual([null, changeRequest.id]);
    expect((await verifyLedger(server.services)).violations.filter((v) => v.jobId === job.id)).toEqual([]);
  });

  it("[cr-3] a double confirm charges once: the second is 409 ALREADY_PAID, one capture, one story; a new intent is 409", async () => {
    const job = await job220();
    const { changeRequest } = await request(job.id);
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    const answers = await Promise.all([0, 1].map(() => alice.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe("ALREADY_PAID");
    const again = await alice.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(409);
    expect(again.body.error.code).toBe("ALREADY_PAID");
    expect(await db()("ledger_transactions").where({ job_id: job.id, kind: "payment_captured", payment_id: intent.body.paymentId })).toHaveLength(1);
    expect((await stories(job.id)).filter((story) => story.amountCents === 6050)).toHaveLength(1);
    const next = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(409);
    expect(next.body.error.code).toBe("CHANGE_REQUEST_NOT_QUOTED");
    expect((await money(job.id)).paidCents).toBe(22_000 + 6050);
  });

  it("[cr-3] the provider's webhook path (payment_intent.succeeded) completes it once; a replay changes nothing", async () => {
    const job = await job220();
    const { changeRequest } = await request(job.id);
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    const row = await db()("payments").where({ id: intent.body.paymentId }).first();
    const event = {
      id: `evt_cr_${changeRequest.id}`,
      type: "payment_intent.succeeded",
      intentId: row.provider_payment_id as string,
      paymentId: row.id as string,
      outcome: "succeeded" as const,
      lastError: null,
      amount: 6050,
      occurredAt: null,
      payload: {},
    };
    expect((await applyPaymentEvent(server.services, event)).status).toBe("succeeded");
    expect((await applyPaymentEvent(server.services, event)).duplicate).toBe(true);
    const cr = await db()("job_change_requests").where({ id: changeRequest.id }).first();
    expect(cr.status).toBe("paid");
    expect(await db()("requirement_tasks").where({ job_id: job.id, type: "story", amount_cents: 6050 })).toHaveLength(1);
    expect((await db()("jobs").where({ id: job.id }).first()).payment_status).toBe("paid");
  });

  it("[cr-3] the freelancer delivers the paid change like any story: its approval releases its 6050 cents and the ledger verifies", async () => {
    const job = await job220();
    await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
    const { changeRequest } = await request(job.id);
    const storyId = (await payQuote(changeRequest.id)).body.changeRequest.storyId as string;
    const story = (await stories(job.id)).find((s) => s.id === storyId)!;
    for (const task of story.tasks) await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
    await nova.agent.post(`/api/stories/${storyId}/submit`).send({ note: "Wishlist done" }).expect(200);
    const approved = await alice.agent.post(`/api/stories/${storyId}/approve`).expect(200);
    expect(approved.body.release).toEqual({ grossCents: 6050, feeCents: 605, netCents: 5445 });
    expect(await money(job.id)).toMatchObject({ paidCents: 28_050, heldCents: 22_000, releasedCents: 6050 });
    expect((await verifyLedger(server.services)).violations.filter((v) => v.jobId === job.id)).toEqual([]);
  });
});

describe("cr-3: a paid change's money is refunded on its own charge", () => {
  it("[cr-3] a dispute of the change's story refunded in full gives back on the quote's own charge; the ledger verifies", async () => {
    const job = await job220();
    await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
    const { changeRequest } = await request(job.id);
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    const storyId = (await alice.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(200)).body.changeRequest.storyId;
    const dispute = (await alice.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Not what I asked", storyId }).expect(201)).body.dispute;
    await admin.agent.post(`/api/admin/disputes/${dispute.id}/resolve`).send({ releaseCents: 0, refundCents: 6050, note: "Refunded" }).expect(200);
    const charge = await db()("payments").where({ id: intent.body.paymentId }).first();
    const refunds = (server.services.payments as TestPaymentProvider).refunds.filter((r) => r.idempotencyKey.endsWith(dispute.id));
    expect(refunds).toEqual([expect.objectContaining({ intentId: charge.provider_payment_id, amount: 6050 })]);
    expect(await money(job.id)).toMatchObject({ paidCents: 28_050, refundedCents: 6050, heldCents: 22_000 });
    expect((await verifyLedger(server.services)).violations.filter((v) => v.jobId === job.id)).toEqual([]);
  });
});

describe("cr-4: the client may decline a quote; a late capture for it is refunded, never scope", () => {
  it("[cr-4] decline → declined, no story, paying it is 409; a capture arriving after is refunded and the ledger verifies", async () => {
    const job = await job220();
    const { changeRequest } = await request(job.id);
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    const declined = await alice.agent.post(`/api/change-requests/${changeRequest.id}/decline`).expect(200);
    expect(declined.body.changeRequest).toMatchObject({ status: "declined", storyId: null, can: { pay: false, decline: false } });
    expect(declined.body.changeRequest.why.pay.code).toBe("CHANGE_REQUEST_NOT_QUOTED");
    expect((await alice.agent.post(`/api/change-requests/${changeRequest.id}/decline`).expect(409)).body.error.code).toBe("CHANGE_REQUEST_NOT_QUOTED");
    expect((await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(409)).body.error.code).toBe("CHANGE_REQUEST_NOT_QUOTED");
    expect((await alice.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(409)).body.error.code).toBe(
      "CHANGE_REQUEST_NOT_QUOTED",
    );
    expect((await db()("payments").where({ id: intent.body.paymentId }).first()).status).toBe("canceled");
    // The provider captured it anyway (its cancel came too late): the charge is held as due back and refunded.
    const row = await db()("payments").where({ id: intent.body.paymentId }).first();
    const applied = await applyPaymentEvent(server.services, {
      id: `evt_late_${changeRequest.id}`,
      type: "payment_intent.succeeded",
      intentId: row.provider_payment_id,
      paymentId: row.id,
      outcome: "succeeded",
      lastError: null,
      amount: 6050,
      occurredAt: null,
      payload: {},
    });
    expect(applied).toMatchObject({ status: "refunded", refund: "attempt_canceled" });
    expect(await db()("requirement_tasks").where({ job_id: job.id, type: "story", amount_cents: 6050 })).toHaveLength(0);
    expect(await money(job.id)).toMatchObject({ paidCents: 22_000, heldCents: 22_000 });
    expect((await verifyLedger(server.services)).violations.filter((v) => v.jobId === job.id)).toEqual([]);
  });
});

describe("cr-5: only the job's owner or an admin pays or declines a quote", () => {
  it("[cr-5] another client and the freelancer are 403; an admin may; unknown is 404, a bad id 400", async () => {
    const job = await job220();
    const { changeRequest } = await request(job.id);
    for (const someone of [bob, nova]) {
      expect((await someone.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(403)).body.error.code).toBe("PAYMENT_ACCESS_DENIED");
      expect((await someone.agent.post(`/api/change-requests/${changeRequest.id}/decline`).expect(403)).body.error.code).toBe("CHANGE_REQUEST_DENIED");
    }
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    expect((await bob.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(403)).body.error.code).toBe(
      "PAYMENT_ACCESS_DENIED",
    );
    expect((await admin.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200)).body.amount).toBe(6050);
    const missing = await alice.agent.post(`/api/change-requests/00000000-0000-4000-8000-000000000000/payment-intent`).expect(404);
    expect(missing.body.error.code).toBe("CHANGE_REQUEST_NOT_FOUND");
    await alice.agent.post(`/api/change-requests/nope/decline`).expect(400);
  });
});

describe("cr-6: a change requested before payment joins the job's own scope, as before", () => {
  it("[cr-6] on a locked, unpaid job: pending, its story added, no quote; the job's payment stays its price; the request is not payable", async () => {
    const job = await job220({ pay: false });
    const before = await stories(job.id);
    const { changeRequest, story } = await request(job.id);
    expect(changeRequest).toMatchObject({ status: "pending", quote: null, storyId: story!.id, can: { pay: false, decline: false } });
    expect(story).toMatchObject({ title: "Change Request Implementation", locked: true, estimateHours: 11 });
    expect(await stories(job.id)).toHaveLength(before.length + 1);
    expect((await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(409)).body.error.code).toBe("CHANGE_REQUEST_NOT_QUOTED");
    const paid = await payByTestCard(alice, job.id);
    expect(paid.priceCents).toBe(22_000);
    expect((await money(job.id)).paidCents).toBe(22_000);
  });

  it("[cr-6] a paid job that is completed takes no quote (409): its escrow must end at zero", async () => {
    const job = await job220();
    await db()("jobs").where({ id: job.id }).update({ status: "completed", started_at: new Date(), freelancer_id: nova.user.id });
    const res = await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "One more page" }).expect(409);
    expect(res.body.error.code).toBe("CHANGE_NOT_ALLOWED");
  });
});
