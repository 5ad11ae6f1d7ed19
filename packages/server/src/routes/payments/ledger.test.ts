import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPaymentEvent, postRelease, reconcilePayments, refundPayment, verifyLedger } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { startTwinServer, type TwinServer } from "../../test/twin-server.js";

// Held funds (issue 18): the ledger over real HTTP and the real payment paths. On PostgreSQL a twin app with its own
// pool serves the same database, standing for a second server process; on PGlite one process serves both.
let server: TestServer;
let twin: TwinServer;
let alice: BuiltUser;
let bob: BuiltUser;
let carol: BuiltUser;
let dave: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  twin = await startTwinServer(server);
  [alice, carol, bob, dave, admin] = await Promise.all([
    buildClient(server),
    buildClient(server),
    buildFreelancer(server),
    buildFreelancer(server),
    buildAdmin(server),
  ]);
});
afterAll(async () => {
  await twin?.stop();
  await server?.stop();
});

const db = () => server.services.db;
const card = (paymentId: string) => ({ paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" });
const ledgerOf = async (jobId: number) => {
  const transactions = (await db()("ledger_transactions").where({ job_id: jobId }).orderBy("id")) as Array<Record<string, unknown>>;
  const entries = (await db()("ledger_entries").where({ job_id: jobId }).orderBy("id")) as Array<{
    account_kind: string;
    account_owner: string | null;
    amount_cents: number | string;
  }>;
  return { transactions, entries: entries.map((e) => ({ ...e, amount_cents: Number(e.amount_cents) })) };
};
const sumOf = (entries: Array<{ amount_cents: number }>) => entries.reduce((sum, e) => sum + e.amount_cents, 0);
const signInOnTwin = async (user: BuiltUser) => {
  const agent = twin.agent();
  await agent.post("/api/auth/login").send({ email: user.user.email, password: user.password }).expect(200);
  return agent;
};

async function lockedJob(owner = alice) {
  const job = await buildJob(owner);
  await setJobState(server, job.id, { locked: true });
  return job;
}

/** A job paid by test card over HTTP: its price in cents. */
async function paidJob(owner = alice) {
  const job = await lockedJob(owner);
  const intent = await owner.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
  await owner.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)).expect(200);
  return { job, priceCents: intent.body.amount as number, paymentId: intent.body.paymentId as string };
}

describe("money-11: each charge is captured in the ledger once, in the transaction that records it", () => {
  it("[money-11] paying by test card writes one balanced capture: from the card into the job's escrow", async () => {
    const { job, priceCents, paymentId } = await paidJob();
    const { transactions, entries } = await ledgerOf(job.id);
    expect(transactions).toEqual([
      expect.objectContaining({ kind: "payment_captured", payment_id: paymentId, idempotency_key: `capture:payment:${paymentId}` }),
    ]);
    expect(entries.map((e) => [e.account_kind, e.account_owner, e.amount_cents])).toEqual([
      ["external_card", null, -priceCents],
      ["escrow", String(job.id), priceCents],
    ]);
    expect(sumOf(entries)).toBe(0);
  });

  it("[money-11] the confirmation and the provider's event, each arriving twice at once on two processes, capture once", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const [row] = (await db()("payments").where({ id: intent.body.paymentId })) as Array<{ provider_payment_id: string }>;
    const event = (id: string) => ({
      id,
      type: "payment_intent.succeeded",
      intentId: row!.provider_payment_id,
      paymentId: intent.body.paymentId as string,
      outcome: "succeeded" as const,
      lastError: null,
      amount: intent.body.amount as number,
      occurredAt: null,
      payload: {},
    });
    const onTwin = await signInOnTwin(alice);
    const [first, second, ...events] = await Promise.all([
      alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId)),
      onTwin.post("/api/payments/test/confirm").send(card(intent.body.paymentId)),
      applyPaymentEvent(server.services, event(`evt_ledger_${job.id}`)),
      applyPaymentEvent(twin.services, event(`evt_ledger_${job.id}`)),
      applyPaymentEvent(twin.services, event(`evt_ledger_${job.id}_again`)),
    ]);
    for (const answer of [first!, second!]) expect([200, 409]).toContain(answer.status);
    expect(events.filter((e) => e.status === "succeeded").length + [first!, second!].filter((a) => a.status === 200).length).toBe(1);
    const { transactions, entries } = await ledgerOf(job.id);
    expect(transactions.map((t) => t.kind)).toEqual(["payment_captured"]);
    expect(sumOf(entries)).toBe(0);
    expect(entries.find((e) => e.account_kind === "escrow")?.amount_cents).toBe(intent.body.amount);
  });

  it("[money-11] a doubled charge is captured into refund_due, not escrow, and its refund is posted once however often it is retried", async () => {
    const job = await lockedJob();
    const first = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const [firstRow] = (await db()("payments").where({ id: first.body.paymentId })) as Array<{ amount: number; provider_payment_id: string }>;
    const [second] = (await db()("payments")
      .insert({
        job_id: job.id,
        user_id: alice.user.id,
        provider: "test",
        amount: firstRow!.amount,
        currency: "usd",
        attempt: 2,
        idempotency_key: `forgehire-job-${job.id}-attempt-2`,
        provider_payment_id: `pi_test_ledger_second_${job.id}`,
      })
      .returning("id")) as Array<{ id: string }>;
    const success = (paymentId: string, intentId: string) => ({
      id: `evt_double_${paymentId}`,
      type: "payment_intent.succeeded",
      intentId,
      paymentId,
      outcome: "succeeded" as const,
      lastError: null,
      amount: null,
      occurredAt: null,
      payload: {},
    });
    await applyPaymentEvent(server.services, success(first.body.paymentId, firstRow!.provider_payment_id));
    await applyPaymentEvent(twin.services, success(second!.id, `pi_test_ledger_second_${job.id}`));
    // Retries of the refund on both processes, and a sweep: the provider's key and the ledger's key hold.
    await Promise.all([
      refundPayment(server.services, second!.id),
      refundPayment(twin.services, second!.id),
      reconcilePayments(twin.services, { jobId: job.id }),
    ]);

    const { transactions, entries } = await ledgerOf(job.id);
    expect(transactions.map((t) => [t.kind, t.payment_id])).toEqual([
      ["payment_captured", first.body.paymentId],
      ["payment_captured", second!.id],
      ["refund", second!.id],
    ]);
    const refundDue = entries.filter((e) => e.account_kind === "refund_due").map((e) => e.amount_cents);
    expect(refundDue).toEqual([firstRow!.amount, -firstRow!.amount]);
    expect(entries.filter((e) => e.account_kind === "client_refunded")).toEqual([
      expect.objectContaining({ account_owner: alice.user.id, amount_cents: firstRow!.amount }),
    ]);
    // The job's money counts the payment that paid it, not the doubled charge and its refund.
    const money = await alice.agent.get(`/api/jobs/${job.id}/money`).expect(200);
    expect(money.body).toMatchObject({ paidCents: firstRow!.amount, heldCents: firstRow!.amount, refundedCents: 0 });
  });
});

describe("money-12: a job's money, for its owner, its freelancer and admins only", () => {
  it("[money-12] GET /api/jobs/:id/money sums the ledger and lists every entry; the job's page carries the same sums", async () => {
    const { job, priceCents } = await paidJob();
    await setJobState(server, job.id, { status: "in_progress", started_at: new Date(), freelancer_id: bob.user.id });
    const storyId = randomUUID();
    await db().transaction((trx) => postRelease(trx, { jobId: job.id, storyId, grossCents: 1_000, freelancerId: bob.user.id, feePercent: 10 }));

    const expected = { paidCents: priceCents, heldCents: priceCents - 1_000, releasedCents: 1_000, refundedCents: 0, feeCents: 100 };
    for (const viewer of [alice, bob, admin]) {
      const res = await viewer.agent.get(`/api/jobs/${job.id}/money`).expect(200);
      expect(res.body).toMatchObject(expected);
      expect(res.body.entries).toHaveLength(5);
      expect(res.body.entries[0]).toEqual({
        transactionId: expect.any(Number),
        account: "external_card",
        amountCents: -priceCents,
        kind: "payment_captured",
        createdAt: expect.any(String),
      });
      expect(
        res.body.entries.filter((e: { kind: string }) => e.kind === "release").map((e: { account: string; amountCents: number }) => [e.account, e.amountCents]),
      ).toEqual([
        [`escrow:${job.id}`, -1_000],
        [`freelancer_available:${bob.user.id}`, 900],
        ["platform_fees", 100],
      ]);
      expect(res.body.entries.reduce((sum: number, e: { amountCents: number }) => sum + e.amountCents, 0)).toBe(0);
      const details = await viewer.agent.get(`/api/jobs/${job.id}`).expect(200);
      expect(details.body.job.money).toEqual(expected);
    }
  });

  it("[money-12] another client or freelancer gets 403 and no money on the job's page; unknown 404, bad id 400, signed out 401", async () => {
    const { job } = await paidJob();
    await setJobState(server, job.id, { status: "in_progress", started_at: new Date(), freelancer_id: bob.user.id });
    for (const outsider of [carol, dave]) {
      const res = await outsider.agent.get(`/api/jobs/${job.id}/money`).expect(403);
      expect(res.body.error.code).toBe("MONEY_ACCESS_DENIED");
      const details = await outsider.agent.get(`/api/jobs/${job.id}`).expect(200);
      expect(details.body.job).not.toHaveProperty("money");
    }
    expect((await alice.agent.get("/api/jobs/99999999/money").expect(404)).body.error.code).toBe("JOB_NOT_FOUND");
    await alice.agent.get("/api/jobs/abc/money").expect(400);
    await server.agent().get(`/api/jobs/${job.id}/money`).expect(401);
  });
});

describe("money-14: a story's release, once, out of what is held", () => {
  it("[money-14] postRelease takes PLATFORM_FEE_PERCENT of the gross to the cent and the rest to the freelancer", async () => {
    const { job } = await paidJob();
    const release = await db().transaction((trx) =>
      postRelease(trx, { jobId: job.id, storyId: randomUUID(), grossCents: 1_001, freelancerId: bob.user.id, feePercent: 12.5 }),
    );
    expect(release).toEqual({ grossCents: 1_001, feeCents: 125, netCents: 876 });
  });

  it("[money-14] [money-9] the same story released at once on two processes, and again later, is released once with the same amounts", async () => {
    const { job } = await paidJob();
    const storyId = randomUUID();
    const input = { jobId: job.id, storyId, grossCents: 2_500, freelancerId: bob.user.id, feePercent: 10 };
    const answers = await Promise.all([
      server.services.db.transaction((trx) => postRelease(trx, input)),
      twin.services.db.transaction((trx) => postRelease(trx, input)),
    ]);
    // A later retry with another fee setting still answers what was released.
    answers.push(await db().transaction((trx) => postRelease(trx, { ...input, feePercent: 20 })));
    for (const answer of answers) expect(answer).toEqual({ grossCents: 2_500, feeCents: 250, netCents: 2_250 });
    const { transactions } = await ledgerOf(job.id);
    expect(transactions.filter((t) => t.kind === "release")).toEqual([
      expect.objectContaining({ story_id: storyId, idempotency_key: `release:story:${storyId}` }),
    ]);
  });

  it("[money-14] [money-7] a release larger than the escrow holds is refused 409 INSUFFICIENT_ESCROW and writes nothing", async () => {
    const { job, priceCents } = await paidJob();
    await expect(
      db().transaction((trx) =>
        postRelease(trx, { jobId: job.id, storyId: randomUUID(), grossCents: priceCents + 1, freelancerId: bob.user.id, feePercent: 10 }),
      ),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_ESCROW", kind: "conflict" });
    const unpaid = await lockedJob();
    await expect(
      db().transaction((trx) => postRelease(trx, { jobId: unpaid.id, storyId: randomUUID(), grossCents: 1, freelancerId: bob.user.id, feePercent: 10 })),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_ESCROW" });
    expect((await ledgerOf(job.id)).transactions.map((t) => t.kind)).toEqual(["payment_captured"]);
    expect((await ledgerOf(unpaid.id)).transactions).toEqual([]);
  });
});

describe("money-13: ledger:verify checks every invariant over the whole database", () => {
  it("[money-13] everything this file did keeps every invariant; one entry changed in SQL is named, with its job", async () => {
    expect(await verifyLedger(server.services)).toMatchObject({ ok: true, violations: [] });
    const { job } = await paidJob();
    const [entry] = (await db()("ledger_entries").where({ job_id: job.id, account_kind: "escrow" })) as Array<{ id: number; amount_cents: string | number }>;
    await db()("ledger_entries")
      .where({ id: entry!.id })
      .update({ amount_cents: Number(entry!.amount_cents) - 1 });
    try {
      const report = await verifyLedger(twin.services);
      expect(report.ok).toBe(false);
      expect(report.violations.map((v) => [v.invariant, v.jobId])).toEqual(
        expect.arrayContaining([
          ["transaction_balanced", job.id],
          ["ledger_balanced", undefined],
          ["payments_recorded", job.id],
        ]),
      );
    } finally {
      await db()("ledger_entries").where({ id: entry!.id }).update({ amount_cents: entry!.amount_cents });
    }
    expect((await verifyLedger(server.services)).ok).toBe(true);
  });
});
