import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobActivityRepository, reconcilePayments } from "@forgehire/services";
import { buildClient, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startFakeStripe, stripeEvent, type FakeIntent, type FakeStripe } from "../../test/fakes/stripe-server.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

const WEBHOOK_SECRET = "whsec_test_secret_for_forgehire";
let fake: FakeStripe;
let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
// The SDK's own test-header helper signs our webhooks (no network: webhooks are pure functions of the SDK).
const sdk = new Stripe("sk_test_helper");

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_forgehire",
    STRIPE_PUBLISHABLE_KEY: "pk_test_forgehire",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  [alice, bob] = await Promise.all([buildClient(server), buildClient(server)]);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const jobRow = (id: number) => server.services.db("jobs").where({ id }).first();
const eventRows = (paymentId: string) => server.services.db("payment_events").where({ payment_id: paymentId });

async function lockedJob() {
  const job = await buildJob(alice);
  await setJobState(server, job.id, { locked: true });
  return job;
}

async function intentFor(jobId: number): Promise<{ paymentId: string; intent: FakeIntent }> {
  const res = await alice.agent.post(`/api/jobs/${jobId}/payment-intent`).expect(200);
  const intent = [...fake.intents.values()].find((i) => i.client_secret === res.body.clientSecret);
  if (!intent) throw new Error("no intent at the fake");
  return { paymentId: res.body.paymentId, intent };
}

function signed(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
}

const post = (payload: string, header?: string) => {
  const req = server.agent().post("/api/payments/stripe/webhook").set("content-type", "application/json");
  return (header ? req.set("stripe-signature", header) : req).send(payload);
};

describe("Stripe payment intents (real SDK against a local fake)", () => {
  it("creates the intent with the amount in cents, usd, metadata and an idempotency key", async () => {
    const job = await lockedJob();
    const before = fake.creates.length;
    const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    expect(res.body).toMatchObject({ provider: "stripe", publishableKey: "pk_test_forgehire", amount: Math.round(job.budget * 100), currency: "usd" });
    const [create] = fake.creates.slice(before);
    expect(create?.fields).toMatchObject({
      amount: String(Math.round(job.budget * 100)),
      currency: "usd",
      description: `Payment for: ${job.title}`,
      "metadata[jobId]": String(job.id),
      "metadata[paymentId]": res.body.paymentId,
    });
    expect(create?.idempotencyKey).toBe(`forgehire-job-${job.id}-attempt-1`);
    // A second visit reuses the still usable intent.
    const again = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    expect(fake.creates.length).toBe(before + 1);
  });

  it("five concurrent pay requests make one intent", async () => {
    const job = await lockedJob();
    const answers = await Promise.all(Array.from({ length: 5 }, () => alice.agent.post(`/api/jobs/${job.id}/payment-intent`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.paymentId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    const intents = [...fake.intents.values()].filter((i) => i.metadata.jobId === String(job.id));
    expect(intents).toHaveLength(1);
    expect(await server.services.db("payments").where({ job_id: job.id })).toHaveLength(1);
  });

  it("starts a new attempt when the intent was canceled at the provider", async () => {
    const job = await lockedJob();
    const first = await intentFor(job.id);
    first.intent.status = "canceled";
    const second = await intentFor(job.id);
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(fake.creates.at(-1)?.idempotencyKey).toBe(`forgehire-job-${job.id}-attempt-2`);
  });

  it("undoes a failed setup: the attempt is closed and the next request starts clean", async () => {
    const job = await lockedJob();
    fake.failNextCreate(400);
    const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(503);
    expect(res.body.error).toMatchObject({ code: "PAYMENT_SETUP_FAILED", title: "Payment Setup Failed" });
    const [failed] = await server.services.db("payments").where({ job_id: job.id });
    expect(failed.status).toBe("canceled");
    const next = await intentFor(job.id);
    expect(next.paymentId).not.toBe(failed.id);
  });
});

describe("undo of a payment setup (compensation)", () => {
  it("cancels the intent it created when a later step fails, and the next request starts clean", async () => {
    const first = await lockedJob();
    const taken = await intentFor(first.id);
    const job = await lockedJob();
    // The fake hands out an intent id another payment already holds: storing it (the step after creating) fails.
    fake.reuseIdOnNextCreate(taken.intent.id);
    const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(503);
    expect(res.body.error.code).toBe("PAYMENT_SETUP_FAILED");
    expect(fake.canceled).toContain(taken.intent.id);
    const [attempt] = await server.services.db("payments").where({ job_id: job.id });
    expect(attempt).toMatchObject({ status: "canceled", provider_payment_id: null });
    const next = await intentFor(job.id);
    expect(next.paymentId).not.toBe(attempt.id);
  });
});

describe("Stripe webhooks", () => {
  it("payment_intent.succeeded marks the job paid; replays ×3 and concurrent ×2 act once", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    intent.status = "succeeded";
    const { payload, header } = signed(stripeEvent("payment_intent.succeeded", intent));
    const concurrent = await Promise.all([post(payload, header), post(payload, header)]);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200]);
    for (let i = 0; i < 3; i++) await post(payload, header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
    expect(await eventRows(paymentId)).toHaveLength(1);
    const activity = await jobActivityRepository.listForJob(server.services.db, job.id);
    expect(activity.filter((a) => a.action === "paid")).toHaveLength(1);
    const [payment] = (await alice.agent.get(`/api/jobs/${job.id}/payments`).expect(200)).body;
    expect(payment.status).toBe("succeeded");
  });

  it("refuses tampered and unsigned events with 400 and changes nothing", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    const { payload, header } = signed(stripeEvent("payment_intent.succeeded", intent));
    const tampered = payload.replace(`"amount":${intent.amount}`, `"amount":1`);
    const cases = [
      post(tampered, header),
      post(payload),
      post(payload, signed(stripeEvent("payment_intent.succeeded", intent), "whsec_wrong").header),
      post(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 })),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_SIGNATURE");
    }
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    expect(await eventRows(paymentId)).toHaveLength(0);
  });

  it("processing then succeeded → paid", async () => {
    const job = await lockedJob();
    const { intent } = await intentFor(job.id);
    const processing = signed(stripeEvent("payment_intent.processing", { ...intent, status: "processing" }));
    await post(processing.payload, processing.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("pending");
    // While processing, no second intent is handed out.
    expect((await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(409)).body.error.code).toBe("ALREADY_PAID");
    const succeeded = signed(stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }));
    await post(succeeded.payload, succeeded.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
    const actions = (await jobActivityRepository.listForJob(server.services.db, job.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["payment_pending", "paid"]));
  });

  it("succeeded then a late processing → still paid", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    const succeeded = signed(stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }));
    await post(succeeded.payload, succeeded.header).expect(200);
    const processing = signed(stripeEvent("payment_intent.processing", { ...intent, status: "processing" }));
    await post(processing.payload, processing.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
    const [payment] = await server.services.db("payments").where({ id: paymentId });
    expect(payment.status).toBe("succeeded");
    expect(await eventRows(paymentId)).toHaveLength(2);
  });

  it("a processing sent before a failure but delivered after it changes nothing; a later retry still counts", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    const now = Math.floor(Date.now() / 1000);
    const at = (created: number, event: ReturnType<typeof stripeEvent>) => ({ ...event, created });
    const failed = signed(
      at(now, stripeEvent("payment_intent.payment_failed", { ...intent, status: "requires_payment_method", last_payment_error: { message: "Your card was declined.", type: "card_error" } })),
    );
    await post(failed.payload, failed.header).expect(200);
    const lateProcessing = signed(at(now - 60, stripeEvent("payment_intent.processing", { ...intent, status: "processing" })));
    await post(lateProcessing.payload, lateProcessing.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    expect((await server.services.db("payments").where({ id: paymentId }).first()).status).toBe("failed");
    expect(await eventRows(paymentId)).toHaveLength(2);

    // The client tries again with another card: that processing is newer, and counts.
    const retry = signed(at(now + 5, stripeEvent("payment_intent.processing", { ...intent, status: "processing" })));
    await post(retry.payload, retry.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("pending");
    // A success is final at the provider: it pays the job even when its time reads older than the last event.
    const succeeded = signed(at(now - 30, stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded" })));
    await post(succeeded.payload, succeeded.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
  });

  it("payment_failed → the attempt failed and the job stays unpaid", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    const failed = signed(
      stripeEvent("payment_intent.payment_failed", { ...intent, status: "requires_payment_method", last_payment_error: { message: "Your card was declined.", type: "card_error" } }),
    );
    await post(failed.payload, failed.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    const [payment] = await server.services.db("payments").where({ id: paymentId });
    expect(payment).toMatchObject({ status: "failed", last_error: "Your card was declined." });
  });

  it("records an event about an unknown intent without acting on it", async () => {
    const event = stripeEvent("payment_intent.succeeded", { id: "pi_unknown", object: "payment_intent", amount: 100, currency: "usd", description: null, status: "succeeded", client_secret: "x", metadata: {}, last_payment_error: null, created: 0 });
    const { payload, header } = signed(event);
    await post(payload, header).expect(200);
    expect(await server.services.db("payment_events").where({ id: event.id })).toHaveLength(1);
  });

  it("the test provider's confirm endpoint is off while Stripe is configured", async () => {
    const job = await lockedJob();
    const { paymentId } = await intentFor(job.id);
    const res = await alice.agent.post("/api/payments/test/confirm").send({ paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" }).expect(404);
    expect(res.body.error.code).toBe("TEST_PROVIDER_DISABLED");
  });
});

describe("reconciliation", () => {
  it("recovers a payment whose webhook never came, once", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    intent.status = "succeeded";
    // The page's call on return: only the owner (or an admin) may ask.
    await bob.agent.post(`/api/jobs/${job.id}/payments/reconcile`).expect(403);
    const res = await alice.agent.post(`/api/jobs/${job.id}/payments/reconcile`).expect(200);
    expect(res.body).toMatchObject({ updated: 1, job: { id: job.id, paymentStatus: "paid" } });
    const again = await reconcilePayments(server.services);
    expect(again.updated.filter((u) => u.paymentId === paymentId)).toHaveLength(0);
    // The webhook arriving late changes nothing more.
    const late = signed(stripeEvent("payment_intent.succeeded", intent));
    await post(late.payload, late.header).expect(200);
    expect((await jobActivityRepository.listForJob(server.services.db, job.id)).filter((a) => a.action === "paid")).toHaveLength(1);
  });

  it("the service-level sweep (the CLI's) settles every pending attempt", async () => {
    const job = await lockedJob();
    const { intent } = await intentFor(job.id);
    intent.status = "processing";
    const report = await reconcilePayments(server.services);
    expect(report.updated).toContainEqual(expect.objectContaining({ jobId: job.id, status: "processing" }));
    expect((await jobRow(job.id)).payment_status).toBe("pending");
    intent.status = "succeeded";
    await reconcilePayments(server.services);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
  });
});
