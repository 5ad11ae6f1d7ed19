import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPaymentEvent, reconcilePayments, type TestPaymentProvider } from "@forgehire/services";
import { recordReliability } from "@forgehire/services/testing";
import { buildAdmin, buildClient, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { startTwinServer, type TwinServer } from "../../test/twin-server.js";

// Money invariants with the built-in test provider (issue 9). On PostgreSQL a second app with its own connection
// pool serves the same database, standing for a second server process; on PGlite one process serves both.
let server: TestServer;
let twin: TwinServer & { provider: TestPaymentProvider };
let alice: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildClient(server);
  const started = await startTwinServer(server);
  twin = { ...started, provider: started.services.payments as TestPaymentProvider };
});
afterAll(async () => {
  await twin?.stop();
  await server?.stop();
});

/** The same person signed in on the twin (sessions live in the shared database). */
async function signInOnTwin(user: BuiltUser) {
  const agent = twin.agent();
  await agent.post("/api/auth/login").send({ email: user.user.email, password: user.password }).expect(200);
  return agent;
}

const db = () => server.services.db;
const jobRow = (id: number) => db()("jobs").where({ id }).first();
const paymentRows = (jobId: number) => db()("payments").where({ job_id: jobId }).orderBy("attempt");
const card = (paymentId: string, overrides: Record<string, unknown> = {}) => ({
  paymentId,
  cardNumber: "4242424242424242",
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  ...overrides,
});
const provider = () => server.services.payments as TestPaymentProvider;

async function lockedJob() {
  const job = await buildJob(alice);
  await setJobState(server, job.id, { locked: true });
  return job;
}

describe("money-1: the amount charged is the job's price at the time of the charge", () => {
  it("[money-1] a price change cancels the open attempt; confirming it answers 409 and never pays the job", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    await alice.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    const edited = await alice.agent.put(`/api/jobs/${job.id}`).send({ scope: 1999 }).expect(200);
    expect(edited.body.job.budget).not.toBe(job.budget);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);

    const [attempt] = await paymentRows(job.id);
    expect(attempt).toMatchObject({ id: intent.body.paymentId, status: "canceled" });
    const res = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)).expect(409);
    expect(res.body.error).toMatchObject({ code: "PAYMENT_AMOUNT_CHANGED", title: "Price Changed" });
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");

    // The next attempt is for the new price, and pays the job.
    const next = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    expect(next.body.paymentId).not.toBe(intent.body.paymentId);
    expect(next.body.amount).toBe(Math.round(edited.body.job.budget * 100));
    await alice.agent.post("/api/payments/test/confirm").send(card(next.body.paymentId)).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
  });

  it("[money-1] an attempt whose amount is not the budget × 100 is refused with 409, whatever its state", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    // The budget moved under an open attempt without going through the edit (e.g. a direct data fix).
    await db()("jobs")
      .where({ id: job.id })
      .update({ budget: job.budget + 1 });
    const res = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)).expect(409);
    expect(res.body.error.code).toBe("PAYMENT_AMOUNT_CHANGED");
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    expect(await db()("payment_events").where({ payment_id: intent.body.paymentId })).toHaveLength(0);
  });
});

describe("money-2: a job is charged at most once", () => {
  /** A job with two live attempts for its price, as an older release could leave behind (or a second tab's retry). */
  async function jobWithTwoAttempts() {
    const job = await lockedJob();
    const first = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const [firstRow] = await paymentRows(job.id);
    await db()("payments").insert({
      job_id: job.id,
      user_id: alice.user.id,
      provider: "test",
      amount: firstRow.amount,
      currency: "usd",
      attempt: 2,
      idempotency_key: `forgehire-job-${job.id}-attempt-2`,
      provider_payment_id: `pi_test_second_${job.id}`,
    });
    const rows = await paymentRows(job.id);
    return { job, ids: [first.body.paymentId as string, rows[1].id as string], intents: rows.map((r) => r.provider_payment_id as string) };
  }

  function expectOneAppliedOneRefunded(rows: Array<Record<string, unknown>>) {
    expect(rows.filter((r) => r.status === "succeeded")).toHaveLength(1);
    const extra = rows.find((r) => r.status !== "succeeded")!;
    expect(extra).toMatchObject({ status: "refunded", refund_reason: "already_paid" });
    expect(extra.provider_refund_id).toMatch(/^re_test_/);
    // The provider that took the losing charge refunded it, once, with the payment's idempotency key.
    const refunds = [...new Set([provider(), twin.provider])].flatMap((p) => p.refunds).filter((r) => r.intentId === extra.provider_payment_id);
    expect(refunds).toEqual([expect.objectContaining({ amount: extra.amount, idempotencyKey: `forgehire-refund-${String(extra.id)}` })]);
  }

  it("[money-2] two provider successes for two attempts, applied at once on two server processes, pay once and refund the other", async () => {
    const { job, ids, intents } = await jobWithTwoAttempts();
    const success = (i: number) => ({
      id: `evt_race_${job.id}_${i}`,
      type: "payment_intent.succeeded",
      intentId: intents[i]!,
      paymentId: ids[i]!,
      outcome: "succeeded" as const,
      lastError: null,
      amount: null,
      occurredAt: null,
      payload: {},
    });
    const results = await Promise.all([applyPaymentEvent(server.services, success(0)), applyPaymentEvent(twin.services, success(1))]);
    expect(results.map((r) => r.status).sort()).toEqual(["refunded", "succeeded"]);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
    expectOneAppliedOneRefunded(await paymentRows(job.id));
    expect(await db()("job_activity").where({ job_id: job.id, action: "paid" })).toHaveLength(1);
  });

  it("[money-2] two confirmations of two attempts at once over HTTP end with one applied payment, never two", async () => {
    const { job, ids } = await jobWithTwoAttempts();
    const onTwin = await signInOnTwin(alice);
    const answers = await Promise.all([
      alice.agent.post("/api/payments/test/confirm").send(card(ids[0]!)),
      onTwin.post("/api/payments/test/confirm").send(card(ids[1]!)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.code).toBe("ALREADY_PAID");
    const rows = await paymentRows(job.id);
    expect(rows.filter((r) => r.status === "succeeded")).toHaveLength(1);
    // The loser was either refused before any charge, or charged and refunded: never counted.
    const loser = rows.find((r) => r.status !== "succeeded")!;
    if (loser.status !== "requires_payment") expectOneAppliedOneRefunded(rows);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
  });

  it("[money-2] a charge that could not be refunded stays needs_refund, listed for admins, and the sweep refunds it", async () => {
    const { job, ids, intents } = await jobWithTwoAttempts();
    const refund = provider().refund;
    const failing = provider() as unknown as { refund: TestPaymentProvider["refund"] };
    failing.refund = async () => {
      throw new Error("provider unreachable");
    };
    try {
      for (const i of [0, 1]) {
        await applyPaymentEvent(server.services, {
          id: `evt_norefund_${job.id}_${i}`,
          type: "payment_intent.succeeded",
          intentId: intents[i]!,
          paymentId: ids[i]!,
          outcome: "succeeded",
          lastError: null,
          amount: null,
          occurredAt: null,
          payload: {},
        });
      }
    } finally {
      failing.refund = refund;
    }
    const flagged = (await paymentRows(job.id)).find((r) => r.status === "needs_refund");
    expect(flagged).toMatchObject({ id: ids[1], refund_reason: "already_paid", last_error: "The job was already paid by another payment." });
    const admin = await buildAdmin(server);
    const list = await admin.agent
      .get("/api/admin/payments")
      .query({ filter: JSON.stringify({ needsRefund: true, jobId: job.id }), range: "[0,9]" })
      .expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: ids[1], status: "needs_refund", refundReason: "already_paid" })]);

    const report = await reconcilePayments(server.services, { jobId: job.id });
    expect(report.updated).toContainEqual({ paymentId: ids[1], jobId: job.id, status: "refunded" });
    const after = await admin.agent
      .get("/api/admin/payments")
      .query({ filter: JSON.stringify({ needsRefund: true, jobId: job.id }), range: "[0,9]" })
      .expect(200);
    expect(after.body).toEqual([]);
    expectOneAppliedOneRefunded(await paymentRows(job.id));
  });
});

describe("money-4: concurrency never yields a 5xx", () => {
  it("[money-4] ten concurrent confirmations of one attempt across two processes answer 200 once and 409 otherwise", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const onTwin = await signInOnTwin(alice);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? onTwin : alice.agent).post("/api/payments/test/confirm").send(card(intent.body.paymentId))),
    );
    const serverErrors = answers.filter((a) => a.status >= 500).length;
    recordReliability({ id: "money-4", metric: "hostile requests", value: answers.length, unit: "requests" });
    recordReliability({ id: "money-4", metric: "5xx answers", value: serverErrors, unit: "requests" });
    expect(serverErrors).toBe(0);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe("ALREADY_PAID");
    }
    const rows = await paymentRows(job.id);
    expect(rows.map((r) => r.status)).toEqual(["succeeded"]);
    expect(await db()("job_activity").where({ job_id: job.id, action: "paid" })).toHaveLength(1);
  });
});

describe("money-5: cards are checked like a provider checks them", () => {
  const thisYear = new Date().getUTCFullYear();
  it.each([
    ["an expired year", { expYear: thisYear - 1 }, "INVALID_EXPIRY_YEAR", "Card error: Your card's expiration year is invalid."],
    ["a month outside 1–12", { expMonth: 13 }, "INVALID_EXPIRY_MONTH", "Card error: Your card's expiration month is invalid."],
    ["month 0", { expMonth: 0 }, "INVALID_EXPIRY_MONTH", "Card error: Your card's expiration month is invalid."],
    ["a year too far ahead", { expYear: thisYear + 60 }, "INVALID_EXPIRY_YEAR", "Card error: Your card's expiration year is invalid."],
  ])("[money-5] %s → 402 with the card provider's wording, nothing charged", async (_name, overrides, code, message) => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const res = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId, overrides)).expect(402);
    expect(res.body.error).toMatchObject({ code, title: "Payment Failed", message });
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    expect(await db()("payment_events").where({ payment_id: intent.body.paymentId })).toHaveLength(0);
  });

  it("[money-5] a card that expired earlier this year → 402 'Your card has expired.'", async () => {
    const now = new Date();
    // In January no month of this year is in the past: last December of last year is, and is an invalid year.
    const past = now.getUTCMonth() === 0 ? { expMonth: 12, expYear: now.getUTCFullYear() - 1 } : { expMonth: now.getUTCMonth(), expYear: now.getUTCFullYear() };
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const res = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId, past)).expect(402);
    expect(res.body.error.code).toBe(now.getUTCMonth() === 0 ? "INVALID_EXPIRY_YEAR" : "EXPIRED_CARD");
    // This month is still valid: a card is good through the last day of its month.
    await alice.agent
      .post("/api/payments/test/confirm")
      .send(card(intent.body.paymentId, { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() }))
      .expect(200);
  });
});
