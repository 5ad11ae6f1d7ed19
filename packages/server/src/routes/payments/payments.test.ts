import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobActivityRepository } from "@forgehire/services/repositories";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

// The built-in test provider (no STRIPE_* keys).
let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let freelancer: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, freelancer, admin] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const jobRow = (id: number) => server.services.db("jobs").where({ id }).first();
const card = (paymentId: string, cardNumber: string) => ({ paymentId, cardNumber, expMonth: 12, expYear: 2030, cvc: "123" });

async function lockedJob(owner: BuiltUser = alice) {
  const job = await buildJob(owner);
  await setJobState(server, job.id, { locked: true });
  return job;
}

describe("payment intents with the test provider", () => {
  it("answers the intent for the budget in cents, and reuses it on a second request", async () => {
    const job = await lockedJob();
    const first = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    expect(first.body).toMatchObject({ provider: "test", publishableKey: null, amount: Math.round(job.budget * 100), currency: "usd" });
    expect(first.body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const second = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    expect(second.body.paymentId).toBe(first.body.paymentId);
    const list = await alice.agent.get(`/api/jobs/${job.id}/payments`).expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: first.body.paymentId, jobId: job.id, status: "requires_payment", provider: "test" });
  });

  it("refuses a non-owner with 403 and changes nothing", async () => {
    const job = await lockedJob();
    for (const other of [bob, freelancer]) {
      const res = await other.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(403);
      expect(res.body.error).toMatchObject({
        code: "PAYMENT_ACCESS_DENIED",
        title: "Access Denied",
        message: "You are not authorized to make payments for this job.",
      });
    }
    await bob.agent.get(`/api/jobs/${job.id}/payments`).expect(403);
    expect(await server.services.db("payments").where({ job_id: job.id })).toHaveLength(0);
  });

  it("refuses a paid job with 409 ALREADY_PAID", async () => {
    const job = await lockedJob();
    await setJobState(server, job.id, { payment_status: "paid" });
    const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(409);
    expect(res.body.error.code).toBe("ALREADY_PAID");
  });

  it("refuses a job whose requirements are not locked", async () => {
    const job = await buildJob(alice);
    const res = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(409);
    expect(res.body.error.code).toBe("PAYMENT_NOT_LOCKED");
    expect(await server.services.db("payments").where({ job_id: job.id })).toHaveLength(0);
  });

  it("lets an admin pay, answers 401 signed out and 404 for an unknown job", async () => {
    const job = await lockedJob();
    await admin.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    await server.agent().post(`/api/jobs/${job.id}/payment-intent`).expect(401);
    await alice.agent.post(`/api/jobs/999999/payment-intent`).expect(404);
  });
});

describe("test cards", () => {
  it("4242 4242 4242 4242 pays the job once, through the event path, with an activity entry", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const res = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId, "4242 4242 4242 4242")).expect(200);
    expect(res.body.status).toBe("succeeded");
    expect(res.body.job).toMatchObject({ id: job.id, paymentStatus: "paid" });
    expect(res.body.job.can.pay).toBe(false);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
    expect(await server.services.db("payment_events").where({ payment_id: intent.body.paymentId })).toHaveLength(1);
    const activity = await jobActivityRepository.listForJob(server.services.db, job.id);
    expect(activity.filter((a) => a.action === "paid")).toHaveLength(1);
    expect(activity.find((a) => a.action === "paid")?.actorId).toBe(alice.user.id);
    // Paying again is refused: the job is paid.
    const again = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId, "4242424242424242")).expect(409);
    expect(again.body.error.code).toBe("ALREADY_PAID");
    await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(409);
  });

  it.each([
    ["4000 0000 0000 0002", "CARD_DECLINED", "Card error: Your card was declined."],
    ["4000 0000 0000 9995", "INSUFFICIENT_FUNDS", "Card error: Your card has insufficient funds."],
    ["4111 1111 1111 1111", "INVALID_CARD", "Card error: Your card number is invalid."],
  ])("%s → 402 %s, the attempt failed and the job stays unpaid", async (number, code, message) => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const res = await alice.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId, number)).expect(402);
    expect(res.body.error).toMatchObject({ code, title: "Payment Failed", message });
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
    const [payment] = (await alice.agent.get(`/api/jobs/${job.id}/payments`).expect(200)).body;
    expect(payment.status).toBe("failed");
    const activity = await jobActivityRepository.listForJob(server.services.db, job.id);
    expect(activity.map((a) => a.action)).toContain("payment_failed");
    // Try again on the same attempt with a good card.
    const retry = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    expect(retry.body.paymentId).toBe(intent.body.paymentId);
    await alice.agent.post("/api/payments/test/confirm").send(card(retry.body.paymentId, "4242424242424242")).expect(200);
    expect((await jobRow(job.id)).payment_status).toBe("paid");
  });

  it("validates the card and the payment id, and refuses someone else's payment", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const bad = await alice.agent
      .post("/api/payments/test/confirm")
      .send({ ...card(intent.body.paymentId, "42"), cvc: "1" })
      .expect(400);
    expect(bad.body.error.fields.cardNumber).toBe("Your card number is incomplete.");
    await alice.agent.post("/api/payments/test/confirm").send(card("00000000-0000-4000-8000-000000000000", "4242424242424242")).expect(404);
    const denied = await bob.agent.post("/api/payments/test/confirm").send(card(intent.body.paymentId, "4242424242424242")).expect(403);
    expect(denied.body.error.code).toBe("PAYMENT_ACCESS_DENIED");
    expect((await jobRow(job.id)).payment_status).toBe("unpaid");
  });

  it("has no webhook: the test provider accepts none", async () => {
    const res = await server.agent().post("/api/payments/stripe/webhook").set("content-type", "application/json").send('{"id":"evt_1"}').expect(400);
    expect(res.body.error.code).toBe("INVALID_SIGNATURE");
  });
});

describe("back office payments resource", () => {
  it("lists payments for admins only, with Content-Range", async () => {
    const job = await lockedJob();
    const intent = await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
    const res = await admin.agent
      .get(`/api/admin/payments`)
      .query({ filter: JSON.stringify({ jobId: job.id }), sort: JSON.stringify(["createdAt", "DESC"]), range: "[0,9]" })
      .expect(200);
    expect(res.headers["content-range"]).toBe("payments 0-0/1");
    expect(res.body[0]).toMatchObject({ id: intent.body.paymentId, jobId: job.id, userId: alice.user.id, status: "requires_payment" });
    const one = await admin.agent.get(`/api/admin/payments/${intent.body.paymentId}`).expect(200);
    expect(one.body.id).toBe(intent.body.paymentId);
    await alice.agent.get("/api/admin/payments").expect(403);
    await admin.agent.get("/api/admin/payments/not-a-uuid").expect(404);
  });
});
