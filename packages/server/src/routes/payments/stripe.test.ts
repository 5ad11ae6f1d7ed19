import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcilePayments } from "@forgehire/services";
import { jobActivityRepository } from "@forgehire/services/repositories";
import { recordReliability } from "@forgehire/services/testing";
import { buildClient, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startFakeStripe, stripeEvent, type FakeIntent, type FakeStripe } from "../../test/fakes/stripe-server.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { startTwinServer, type TwinServer } from "../../test/twin-server.js";

const WEBHOOK_SECRET = "whsec_test_secret_for_forgehire";
let fake: FakeStripe;
let server: TestServer;
let twin: TwinServer;
let alice: BuiltUser;
let bob: BuiltUser;
// The SDK's own test-header helper signs our webhooks (no network: webhooks are pure functions of the SDK).
const sdk = new Stripe("sk_test_helper");

beforeAll(async () => {
  fake = await startFakeStripe();
  const env = {
    STRIPE_SECRET_KEY: "sk_test_forgehire",
    STRIPE_PUBLISHABLE_KEY: "pk_test_forgehire",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    // Scheduled, but on a tick that never comes during the run: the test sends the tick's job itself.
    PAYMENT_RECONCILE_CRON: "0 0 1 1 *",
  };
  server = await startTestServer(env);
  // A second server process on the same database (PostgreSQL), for races between processes.
  twin = await startTwinServer(server, env);
  [alice, bob] = await Promise.all([buildClient(server), buildClient(server)]);
});
afterAll(async () => {
  await twin?.stop();
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

const post = (payload: string, header?: string, on: Pick<TestServer, "agent"> = server) => {
  const req = on.agent().post("/api/payments/stripe/webhook").set("content-type", "application/json");
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
  it("[proof-3] a failure in 'store the intent' cancels the intent this setup created, and no other", async () => {
    const other = await lockedJob();
    const bystander = await intentFor(other.id);
    const job = await lockedJob();
    // The step after creating the intent is storing its id on the attempt: make exactly that step fail, in the
    // database, for this job's attempt only.
    const db = server.services.db;
    await db.raw(`
      create or replace function test_fail_attach() returns trigger language plpgsql as $$
      begin
        if new.job_id = ${job.id} and new.provider_payment_id is not null and old.provider_payment_id is null then
          raise exception 'injected failure storing the intent';
        end if;
        return new;
      end $$`);
    await db.raw("create trigger test_fail_attach before update on payments for each row execute function test_fail_attach()");
    const canceledBefore = fake.canceled.length;
    try {
      const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(503);
      expect(res.body.error.code).toBe("PAYMENT_SETUP_FAILED");
    } finally {
      await db.raw("drop trigger test_fail_attach on payments");
      await db.raw("drop function test_fail_attach()");
    }
    const [attempt] = await db("payments").where({ job_id: job.id });
    expect(attempt).toMatchObject({ status: "canceled", provider_payment_id: null });
    // The intent created for THIS attempt (its metadata names it) is the one, and the only one, canceled.
    const created = [...fake.intents.values()].filter((i) => i.metadata.paymentId === attempt.id);
    expect(created).toHaveLength(1);
    expect(fake.canceled.slice(canceledBefore)).toEqual([created[0]!.id]);
    expect(created[0]!.status).toBe("canceled");
    expect(fake.intents.get(bystander.intent.id)?.status).toBe("requires_payment_method");
    const next = await intentFor(job.id);
    expect(next.paymentId).not.toBe(attempt.id);
  });

  it("[proof-3] an undo never cancels an intent another payment holds", async () => {
    const other = await lockedJob();
    const bystander = await intentFor(other.id);
    const job = await lockedJob();
    // The provider answers with an intent id another payment already holds: storing it fails (unique), and the undo
    // must leave that other payment's intent alone.
    fake.reuseIdOnNextCreate(bystander.intent.id);
    const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(503);
    expect(res.body.error.code).toBe("PAYMENT_SETUP_FAILED");
    expect(fake.canceled).not.toContain(bystander.intent.id);
    expect(bystander.intent.status).toBe("requires_payment_method");
    const [attempt] = await server.services.db("payments").where({ job_id: job.id });
    expect(attempt).toMatchObject({ status: "canceled", provider_payment_id: null });
    // The bystander can still pay.
    expect((await server.services.db("payments").where({ id: bystander.paymentId }).first()).status).toBe("requires_payment");
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

  it("[money-11] a Stripe success delivered twice at once and replayed is captured in the ledger once, card → escrow", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    intent.status = "succeeded";
    const { payload, header } = signed(stripeEvent("payment_intent.succeeded", intent));
    await Promise.all([post(payload, header), post(payload, header)]);
    await post(payload, header).expect(200);
    const captures = await server.services.db("ledger_transactions").where({ job_id: job.id });
    expect(captures).toEqual([expect.objectContaining({ kind: "payment_captured", payment_id: paymentId })]);
    const money = await alice.agent.get(`/api/jobs/${job.id}/money`).expect(200);
    expect(money.body).toMatchObject({ paidCents: intent.amount, heldCents: intent.amount });
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
    expect((await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(409)).body.error.code).toBe("PAYMENT_PROCESSING");
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
      at(
        now,
        stripeEvent("payment_intent.payment_failed", {
          ...intent,
          status: "requires_payment_method",
          last_payment_error: { message: "Your card was declined.", type: "card_error" },
        }),
      ),
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
      stripeEvent("payment_intent.payment_failed", {
        ...intent,
        status: "requires_payment_method",
        last_payment_error: { message: "Your card was declined.", type: "card_error" },
      }),
    );
    await post(failed.payload, failed.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    const [payment] = await server.services.db("payments").where({ id: paymentId });
    expect(payment).toMatchObject({ status: "failed", last_error: "Your card was declined." });
  });

  it("records an event about an unknown intent without acting on it", async () => {
    const event = stripeEvent("payment_intent.succeeded", {
      id: "pi_unknown",
      object: "payment_intent",
      amount: 100,
      currency: "usd",
      description: null,
      status: "succeeded",
      client_secret: "x",
      metadata: {},
      last_payment_error: null,
      created: 0,
    });
    const { payload, header } = signed(event);
    await post(payload, header).expect(200);
    expect(await server.services.db("payment_events").where({ id: event.id })).toHaveLength(1);
  });

  it("the test provider's confirm endpoint is off while Stripe is configured", async () => {
    const job = await lockedJob();
    const { paymentId } = await intentFor(job.id);
    const res = await alice.agent
      .post("/api/payments/test/confirm")
      .send({ paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" })
      .expect(404);
    expect(res.body.error.code).toBe("TEST_PROVIDER_DISABLED");
  });
});

describe("webhook replay (proof-2)", () => {
  const snapshot = async (jobId: number, paymentId: string) => ({
    job: await jobRow(jobId),
    payments: await server.services.db("payments").where({ job_id: jobId }).orderBy("id"),
    events: await server.services.db("payment_events").where({ payment_id: paymentId }).orderBy("id"),
    activity: await server.services.db("job_activity").where({ job_id: jobId }).orderBy("id"),
  });

  it("[proof-2] a replayed event is answered duplicate and changes no payment, event, job or activity row", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    // 'processing' then a failure in the same second: the state machine alone would let a replayed 'processing' move
    // the failed attempt back to processing (it is not older than the failure), so only dedup keeps the rows still.
    const created = Math.floor(Date.now() / 1000);
    const processing = signed({ ...stripeEvent("payment_intent.processing", { ...intent, status: "processing" }), created });
    const failed = signed({
      ...stripeEvent("payment_intent.payment_failed", {
        ...intent,
        status: "requires_payment_method",
        last_payment_error: { message: "Your card was declined.", type: "card_error" },
      }),
      created,
    });
    expect((await post(processing.payload, processing.header).expect(200)).body).toEqual({ received: true, duplicate: false });
    expect((await post(failed.payload, failed.header).expect(200)).body).toEqual({ received: true, duplicate: false });
    const before = await snapshot(job.id, paymentId);
    expect(before.events).toHaveLength(2);
    expect(before.job.payment_status).toBe("unpaid");

    const replays = await Promise.all([
      post(processing.payload, processing.header),
      post(processing.payload, processing.header, twin),
      post(failed.payload, failed.header),
    ]);
    for (const replay of replays) expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await snapshot(job.id, paymentId)).toEqual(before);
  });
});

describe("money invariants with Stripe", () => {
  it("[money-1] a price change cancels the open intent at Stripe; a success that still arrives for it is refunded, not applied", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    await alice.agent.put(`/api/jobs/${job.id}`).send({ scope: 1999 }).expect(200);
    expect(fake.canceled).toContain(intent.id);
    expect((await server.services.db("payments").where({ id: paymentId }).first()).status).toBe("canceled");

    // Another job whose client confirmed in a stale tab just before the cancel reached Stripe: the cancel is refused
    // (the intent succeeded) and the success webhook arrives for a canceled attempt of the old price.
    const raced = await lockedJob();
    const stale = await intentFor(raced.id);
    stale.intent.status = "succeeded";
    await alice.agent.post(`/api/jobs/${raced.id}/unlock`).expect(200);
    await alice.agent.put(`/api/jobs/${raced.id}`).send({ scope: 1999 }).expect(200);
    expect(fake.canceled).not.toContain(stale.intent.id);
    await alice.agent.post(`/api/jobs/${raced.id}/lock`).expect(200);
    const late = signed(stripeEvent("payment_intent.succeeded", stale.intent));
    await post(late.payload, late.header).expect(200);
    expect((await jobRow(raced.id)).payment_status).toBe("unpaid");
    const payment = await server.services.db("payments").where({ id: stale.paymentId }).first();
    expect(payment).toMatchObject({ status: "refunded", refund_reason: "attempt_canceled" });
    expect(fake.refunds.filter((r) => r.payment_intent === stale.intent.id)).toEqual([
      expect.objectContaining({ id: payment.provider_refund_id, idempotencyKey: `forgehire-refund-${stale.paymentId}` }),
    ]);
  });

  it("[money-1] deleting a job cancels its open intent at Stripe; a success that still arrives is refunded", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    expect(fake.canceled).toContain(intent.id);
    // The client had confirmed just before: Stripe charged it anyway.
    const late = signed(stripeEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }));
    intent.status = "succeeded";
    await post(late.payload, late.header).expect(200);
    expect(await server.services.db("payments").where({ id: paymentId }).first()).toMatchObject({ status: "refunded" });
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
  });

  it("[money-1] a success whose charged amount is not the job's price is refunded, not applied", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    intent.status = "succeeded";
    const wrong = signed(stripeEvent("payment_intent.succeeded", { ...intent, amount: intent.amount - 100 }));
    await post(wrong.payload, wrong.header).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    expect(await server.services.db("payments").where({ id: paymentId }).first()).toMatchObject({ status: "refunded", refund_reason: "amount_changed" });
  });

  it("[money-2] a webhook, a reconciliation and a replay on another process for one success apply it once, refund nothing", async () => {
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    intent.status = "succeeded";
    const { payload, header } = signed(stripeEvent("payment_intent.succeeded", intent));
    const answers = await Promise.all([
      post(payload, header),
      alice.agent.post(`/api/jobs/${job.id}/payments/reconcile`),
      post(payload, header, twin),
      reconcilePayments(twin.services, { jobId: job.id }).then(() => ({ status: 200 })),
    ]);
    recordReliability({ id: "money-2", metric: "concurrent deliveries of one success", value: answers.length, unit: "requests" });
    recordReliability({ id: "money-2", metric: "5xx answers", value: answers.filter((a) => a.status >= 500).length, unit: "requests" });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await server.services.db("payments").where({ job_id: job.id })).toEqual([expect.objectContaining({ id: paymentId, status: "succeeded" })]);
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(0);
    expect((await jobActivityRepository.listForJob(server.services.db, job.id)).filter((a) => a.action === "paid")).toHaveLength(1);
  });

  it("[money-3] while a payment is processing, unlock, edit, delete and a breakdown are refused with 409 and can says so", async () => {
    const job = await lockedJob();
    const { intent } = await intentFor(job.id);
    const processing = signed(stripeEvent("payment_intent.processing", { ...intent, status: "processing" }));
    await post(processing.payload, processing.header).expect(200);

    const attempts = [
      alice.agent.post(`/api/jobs/${job.id}/unlock`),
      alice.agent.put(`/api/jobs/${job.id}`).send({ scope: 1999 }),
      alice.agent.delete(`/api/jobs/${job.id}`),
      alice.agent.post(`/api/jobs/${job.id}/breakdown`).send({ engine: "rules" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "PAYMENT_PROCESSING", message: "A payment for this job is processing." });
    }
    const seen = (await alice.agent.get(`/api/jobs/${job.id}`).expect(200)).body.job;
    expect(seen.can).toMatchObject({ unlock: false, edit: false, delete: false, createBreakdown: false, pay: false });
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "open", locked: true, payment_status: "pending" });
    expect(Number(row.budget)).toBe(job.budget);

    // Once the payment fails, the job thaws.
    const failed = signed(
      stripeEvent("payment_intent.payment_failed", {
        ...intent,
        status: "requires_payment_method",
        last_payment_error: { message: "Your card was declined.", type: "card_error" },
      }),
    );
    await post(failed.payload, failed.header).expect(200);
    expect((await alice.agent.get(`/api/jobs/${job.id}`).expect(200)).body.job.can.unlock).toBe(true);
    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
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

  it("the scheduled sweep settles a payment whose webhook never came, with no request, and a second sweep changes nothing", async () => {
    const schedule = await server.services.db.raw(`select cron, timezone from pgboss.schedule where name = 'reconcile-payments'`);
    expect(schedule.rows).toEqual([{ cron: "0 0 1 1 *", timezone: "UTC" }]);
    const job = await lockedJob();
    const { paymentId, intent } = await intentFor(job.id);
    intent.status = "succeeded";
    // What pg-boss's clock does on a tick: queue one job, which a server's worker (either process) runs.
    await server.services.queue.send("reconcile-payments", {});
    await server.services.settle();
    expect((await jobRow(job.id)).payment_status).toBe("paid");
    const payment = () => server.services.db("payments").where({ id: paymentId }).first();
    const settled = await payment();
    expect(settled.status).toBe("succeeded");
    const events = (await eventRows(paymentId)).length;
    await server.services.queue.send("reconcile-payments", {});
    await server.services.settle();
    expect(await payment()).toEqual(settled);
    expect(await eventRows(paymentId)).toHaveLength(events);
    expect((await jobActivityRepository.listForJob(server.services.db, job.id)).filter((a) => a.action === "paid")).toHaveLength(1);
  });
});
