import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminDisputeSchema, type Story } from "@forgehire/core";
import { verifyLedger } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startFakeStripe, stripeEvent, type FakeIntent, type FakeStripe } from "../../test/fakes/stripe-server.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

const WEBHOOK_SECRET = "whsec_test_secret_for_forgehire_disputes";
let fake: FakeStripe;
let server: TestServer;
let alice: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;
// The SDK's own test-header helper signs our webhooks (no network: webhooks are pure functions of the SDK).
const sdk = new Stripe("sk_test_helper");

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_forgehire",
    STRIPE_PUBLISHABLE_KEY: "pk_test_forgehire",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    PAYMENT_RECONCILE_CRON: "0 0 1 1 *",
  });
  [alice, nova, admin] = await Promise.all([buildClient(server), buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const db = () => server.services.db;

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
}

const post = (payload: string, header?: string) => {
  const req = server.agent().post("/api/payments/stripe/webhook").set("content-type", "application/json");
  return (header ? req.set("stripe-signature", header) : req).send(payload);
};

/** Stripe's charge.dispute.created: the dispute object names the charge and its payment intent. */
function disputeEvent(intent: FakeIntent, disputeId: string, eventId = `evt_${randomBytes(8).toString("hex")}`) {
  return {
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type: "charge.dispute.created",
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: {
      object: {
        id: disputeId,
        object: "dispute",
        amount: intent.amount,
        currency: "usd",
        charge: `ch_${randomBytes(6).toString("hex")}`,
        payment_intent: intent.id,
        reason: "product_not_received",
        status: "needs_response",
        created: Math.floor(Date.now() / 1000),
      },
    },
  };
}

/** A job of alice's broken down and locked, paid through Stripe (a signed payment_intent.succeeded), started by nova. */
async function paidThroughStripe() {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
  const intent = [...fake.intents.values()].find((i) => i.client_secret === res.body.clientSecret)!;
  intent.status = "succeeded";
  const paid = signed(stripeEvent("payment_intent.succeeded", intent));
  await post(paid.payload, paid.header).expect(200);
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  expect(stories.length).toBeGreaterThanOrEqual(3);
  return { job, stories, intent, priceCents: res.body.amount as number };
}

async function submitted(story: Story) {
  for (const task of story.tasks) await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  return (await nova.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200)).body.story as Story;
}

const deliveryStatus = async (storyId: string) =>
  ((await db()("requirement_tasks").where({ id: storyId }).first()) as { delivery_status: string }).delivery_status;

describe("Stripe charge.dispute.created", () => {
  it("[admin-money-6] freezes the job's stories not approved in one provider dispute, once per Stripe dispute id; an admin resolves it", async () => {
    const { job, stories, intent, priceCents } = await paidThroughStripe();
    const approved = await submitted(stories[0]!);
    await alice.agent.post(`/api/stories/${approved.id}/approve`).expect(200);
    const inReview = await submitted(stories[1]!);
    const moneyBefore = (await admin.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body;

    const disputeId = `dp_${randomBytes(6).toString("hex")}`;
    const first = signed(disputeEvent(intent, disputeId));
    const again = signed(disputeEvent(intent, disputeId));
    // The same event twice at once, a replay, and the same chargeback under another event id: one dispute.
    const answers = await Promise.all([post(first.payload, first.header), post(first.payload, first.header), post(again.payload, again.header)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await post(first.payload, first.header).expect(200);

    const rows = await db()("disputes").where({ job_id: job.id });
    expect(rows).toEqual([
      expect.objectContaining({ opened_via: "provider", opened_by: null, provider_dispute_id: disputeId, story_id: null, status: "open" }),
    ]);
    expect(rows[0].reason).toContain("product not received");
    expect(await deliveryStatus(approved.id)).toBe("approved");
    for (const story of stories.slice(1)) expect(await deliveryStatus(story.id)).toBe("disputed");
    // Frozen: the story that was in review cannot be approved, nothing moved in the ledger.
    expect((await alice.agent.post(`/api/stories/${inReview.id}/approve`).expect(409)).body.error.code).toBe("NOT_IN_REVIEW");
    expect((await admin.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body).toEqual(moneyBefore);
    expect(await db()("job_activity").where({ job_id: job.id, action: "dispute_opened" })).toHaveLength(1);
    const mailed = (await db()("emails").where({ kind: "dispute_opened", job_id: job.id })).map((e: { to_address: string }) => e.to_address);
    expect(mailed.sort()).toEqual([alice.user.email, nova.user.email, admin.user.email].sort());
    const thread = await db()("task_communications").where({ task_id: inReview.id }).orderBy("created_at", "desc").first();
    expect(thread.content).toMatch(/^Dispute opened: The client disputed the card payment/);

    // Shown to admins in the disputes resource, holding what is left in escrow.
    const held = priceCents - approved.amountCents!;
    const listed = await admin.agent
      .get("/api/admin/disputes")
      .query({ filter: JSON.stringify({ jobId: job.id }) })
      .expect(200);
    expect(listed.body).toHaveLength(1);
    expect(adminDisputeSchema.parse(listed.body[0])).toEqual(listed.body[0]);
    expect(listed.body[0]).toMatchObject({ openedVia: "provider", openedBy: null, providerDisputeId: disputeId, heldCents: held, jobTitle: job.title });
    const shown = (await admin.agent.get(`/api/admin/disputes/${rows[0].id}`).expect(200)).body;
    expect(shown.stories.map((s: { id: string }) => s.id).sort()).toEqual(
      stories
        .slice(1)
        .map((s) => s.id)
        .sort(),
    );

    // The admin releases it all: the job completes with nothing left in escrow, the ledger verifies.
    await admin.agent
      .post(`/api/admin/disputes/${rows[0].id}/resolve`)
      .send({ releaseCents: held - 1, refundCents: 0, note: "" })
      .expect(400);
    await admin.agent.post(`/api/admin/disputes/${rows[0].id}/resolve`).send({ releaseCents: held, refundCents: 0, note: "Delivered" }).expect(200);
    expect((await admin.agent.get(`/api/jobs/${job.id}/money`).expect(200)).body.heldCents).toBe(0);
    expect((await db()("jobs").where({ id: job.id }).first()).status).toBe("completed");
    // A late replay of the chargeback after the resolution opens nothing again.
    await post(first.payload, first.header).expect(200);
    const late = signed(disputeEvent(intent, disputeId));
    await post(late.payload, late.header).expect(200);
    expect(await db()("disputes").where({ job_id: job.id })).toHaveLength(1);
    expect((await verifyLedger(server.services)).ok).toBe(true);
  });

  it("[admin-money-6] an unsigned or wrongly signed chargeback is 400 and changes nothing; one on a job with nothing left to freeze is recorded only", async () => {
    const { job, stories, intent } = await paidThroughStripe();
    const event = disputeEvent(intent, `dp_${randomBytes(6).toString("hex")}`);
    const { payload } = signed(event);
    await post(payload).expect(400);
    await post(payload, signed(event, "whsec_wrong").header).expect(400);
    expect(await db()("disputes").where({ job_id: job.id })).toHaveLength(0);
    for (const story of stories) expect(await deliveryStatus(story.id)).toBe("building");

    // Every story approved: the job completes, and a chargeback afterwards has nothing held to freeze.
    for (const story of stories) {
      await submitted(story);
      await alice.agent.post(`/api/stories/${story.id}/approve`).expect(200);
    }
    const after = signed(disputeEvent(intent, `dp_${randomBytes(6).toString("hex")}`));
    await post(after.payload, after.header).expect(200);
    expect(await db()("disputes").where({ job_id: job.id })).toHaveLength(0);
    expect(await db()("payment_events").where({ id: JSON.parse(after.payload).id })).toHaveLength(1);
  });
});
