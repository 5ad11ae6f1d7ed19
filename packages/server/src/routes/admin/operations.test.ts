import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applyPaymentEvent } from "@forgehire/services";
import { buildAdmin, buildClient, buildJob, payByTestCard, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

// Bulk work and operations from the back office (issue 20): each bulk action runs the single action's use case per
// record and answers per record; refunds, restores, the lifecycle buttons' endpoints and the own-account rules.
let server: TestServer;
let admin: BuiltUser;
let poster: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, poster] = await Promise.all([buildAdmin(server), buildClient(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services.db;

/**
 * A paid job's doubled charge: a second success on the same job, flagged needs_refund (money-11's path), whose
 * automatic refund the provider refused, so it waits in the back office.
 */
async function doubledCharge(): Promise<{ jobId: number; paymentId: string; amount: number }> {
  const job = await buildJob(poster);
  await setJobState(server, job.id, { locked: true });
  const { paymentId: first } = await payByTestCard(poster, job.id);
  const [firstRow] = (await db()("payments").where({ id: first })) as Array<{ amount: number }>;
  const intentId = `pi_test_bulk_${job.id}`;
  const [second] = (await db()("payments")
    .insert({
      job_id: job.id,
      user_id: poster.user.id,
      provider: "test",
      amount: firstRow!.amount,
      currency: "usd",
      attempt: 2,
      idempotency_key: `forgehire-job-${job.id}-attempt-2`,
      provider_payment_id: intentId,
    })
    .returning("id")) as Array<{ id: string }>;
  const refusing = vi.spyOn(server.services.payments, "refund").mockRejectedValueOnce(new Error("provider down"));
  await applyPaymentEvent(server.services, {
    id: `evt_bulk_${second!.id}`,
    type: "payment_intent.succeeded",
    intentId,
    paymentId: second!.id,
    outcome: "succeeded",
    lastError: null,
    amount: null,
    occurredAt: null,
    payload: {},
  });
  refusing.mockRestore();
  const [row] = (await db()("payments").where({ id: second!.id })) as Array<{ status: string }>;
  expect(row!.status).toBe("needs_refund");
  return { jobId: job.id, paymentId: second!.id, amount: firstRow!.amount };
}

const ledgerOf = async (jobId: number) => {
  const transactions = (await db()("ledger_transactions").where({ job_id: jobId }).orderBy("id")) as Array<{ kind: string; payment_id: string | null }>;
  const entries = (await db()("ledger_entries").where({ job_id: jobId })) as Array<{ amount_cents: number | string }>;
  return { transactions, sum: entries.reduce((total, entry) => total + Number(entry.amount_cents), 0) };
};

describe("bulk actions", () => {
  it("[bulk-1] bulk disable and enable of users: each through the single edit's rules, the admin's own account refused with the reason", async () => {
    const users = await Promise.all([buildClient(server), buildClient(server), buildClient(server)]);
    const ids = [...users.map((user) => user.user.id), admin.user.id];
    const disabled = await admin.agent.post("/api/admin/users/bulk").send({ action: "disable", ids }).expect(200);
    expect(disabled.body).toMatchObject({ succeeded: 3, failed: 1 });
    expect(disabled.body.results.at(-1)).toMatchObject({ id: admin.user.id, ok: false, error: { code: "CANNOT_DISABLE_SELF" } });
    for (const user of users) {
      const row = await admin.agent.get(`/api/admin/users/${user.user.id}`).expect(200);
      expect(row.body.disabled).toBe(true);
      // Disabled as the single edit does it: the session ends at once.
      await user.agent.get("/api/auth/me").expect(401);
    }
    const me = await admin.agent.get(`/api/admin/users/${admin.user.id}`).expect(200);
    expect(me.body.disabled).toBe(false);

    const enabled = await admin.agent
      .post("/api/admin/users/bulk")
      .send({ action: "enable", ids: users.map((user) => user.user.id) })
      .expect(200);
    expect(enabled.body).toMatchObject({ succeeded: 3, failed: 0 });
  });

  it("[bulk-2] bulk delete and restore of jobs: a paid job is refused and stays; the deleted ones are listed as deleted and restored open", async () => {
    const [a, b, paid] = await Promise.all([buildJob(poster), buildJob(poster), buildJob(poster)]);
    await setJobState(server, paid.id, { locked: true });
    await payByTestCard(poster, paid.id);
    const deleted = await admin.agent
      .post("/api/admin/jobs/bulk")
      .send({ action: "delete", ids: [a.id, b.id, paid.id, 999_999_999] })
      .expect(200);
    expect(deleted.body).toMatchObject({ succeeded: 2, failed: 2 });
    expect(deleted.body.results.map((result: { ok: boolean; error?: { code: string } }) => result.error?.code ?? "ok")).toEqual([
      "ok",
      "ok",
      "JOB_PAID",
      "JOB_NOT_FOUND",
    ]);
    await poster.agent.get(`/api/jobs/${a.id}`).expect(404);
    const listed = await admin.agent
      .get(`/api/admin/jobs`)
      .query({ filter: JSON.stringify({ deleted: true, id: [a.id, b.id, paid.id] }) })
      .expect(200);
    expect(listed.body.map((job: { id: number }) => job.id).sort()).toEqual([a.id, b.id].sort());

    const restored = await admin.agent
      .post("/api/admin/jobs/bulk")
      .send({ action: "restore", ids: [a.id, b.id, paid.id] })
      .expect(200);
    expect(restored.body).toMatchObject({ succeeded: 2, failed: 1 });
    expect(restored.body.results[2]).toMatchObject({ ok: false, error: { code: "JOB_NOT_DELETED", message: "Only a deleted job can be restored." } });
    const back = await poster.agent.get(`/api/jobs/${a.id}`).expect(200);
    expect(back.body.job.status).toBe("open");
    const activity = (await db()("job_activity").where({ job_id: a.id }).orderBy("id")) as Array<{ action: string }>;
    expect(activity.map((row) => row.action).slice(-2)).toEqual(["deleted", "restored"]);
  });

  it("[bulk-3] one restore from the job's button, and a live job refused", async () => {
    const job = await buildJob(poster);
    await admin.agent.post(`/api/admin/jobs/${job.id}/restore`).expect(409);
    await admin.agent.delete(`/api/admin/jobs/${job.id}`).expect(200);
    const restored = await admin.agent.post(`/api/admin/jobs/${job.id}/restore`).expect(200);
    expect(restored.body.job).toMatchObject({ id: job.id, status: "open" });
    // Audited with the restore, as the back office's other changes (the audit trail).
    const audited = (await db()("audit_log").where({ resource: "jobs", record_id: String(job.id), action: "jobs.restore" })) as Array<{
      via: string;
      after: unknown;
    }>;
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ via: "back-office" });
    await poster.agent.post(`/api/admin/jobs/${job.id}/restore`).expect(403);
    await admin.agent.post(`/api/admin/jobs/abc/restore`).expect(404);
  });

  it("[bulk-4] bulk resend of e-mails: the failed ones queued again, a sent one refused", async () => {
    const rows = (await db()("emails")
      .insert([
        { to_address: "a@example.com", subject: "Failed one", body_text: "x", kind: "admin", status: "failed", error: "SMTP down" },
        { to_address: "b@example.com", subject: "Failed two", body_text: "x", kind: "admin", status: "failed", error: "SMTP down" },
        { to_address: "c@example.com", subject: "Sent", body_text: "x", kind: "admin", status: "sent" },
      ])
      .returning("id")) as Array<{ id: string }>;
    const answer = await admin.agent
      .post("/api/admin/emails/bulk")
      .send({ action: "resend", ids: rows.map((row) => row.id) })
      .expect(200);
    expect(answer.body).toMatchObject({ succeeded: 2, failed: 1 });
    expect(answer.body.results[2]).toMatchObject({ ok: false, error: { code: "EMAIL_NOT_RESENDABLE" } });
  });

  it("[bulk-5] bulk requests are checked: unknown action, no ids, not an admin", async () => {
    await admin.agent
      .post("/api/admin/users/bulk")
      .send({ action: "delete", ids: [admin.user.id] })
      .expect(400);
    await admin.agent.post("/api/admin/jobs/bulk").send({ action: "delete", ids: [] }).expect(400);
    await poster.agent
      .post("/api/admin/users/bulk")
      .send({ action: "disable", ids: [admin.user.id] })
      .expect(403);
  });
});

describe("refunds from the back office", () => {
  it("[bulk-6] Refund now: the payment's page says it can, one refund at the provider, the ledger balanced, then it says why not", async () => {
    const charge = await doubledCharge();
    const page = await admin.agent.get(`/api/admin/payments/${charge.paymentId}`).expect(200);
    expect(page.body).toMatchObject({ status: "needs_refund", can: { refund: true }, job: { id: charge.jobId }, refundReason: expect.any(String) });
    expect(page.body.events.length).toBeGreaterThan(0);

    const refunded = await admin.agent.post(`/api/admin/payments/${charge.paymentId}/refund`).expect(200);
    expect(refunded.body).toMatchObject({ status: "refunded", can: { refund: false }, why: { refund: { code: "NOT_REFUNDABLE" } } });
    expect(refunded.body.ledger.map((t: { kind: string }) => t.kind)).toEqual(["payment_captured", "refund"]);
    const again = await admin.agent.post(`/api/admin/payments/${charge.paymentId}/refund`).expect(409);
    expect(again.body.error.message).toBe("This charge has already been refunded.");

    const { transactions, sum } = await ledgerOf(charge.jobId);
    expect(transactions.filter((t) => t.kind === "refund")).toHaveLength(1);
    expect(sum).toBe(0);
    const provider = server.services.payments as unknown as { refunds: Array<{ intentId: string }> };
    expect(provider.refunds.filter((r) => r.intentId === `pi_test_bulk_${charge.jobId}`)).toHaveLength(1);
    // The operator's refund is in the audit trail, once, written with the refund.
    const audited = (await db()("audit_log").where({ resource: "payments", record_id: charge.paymentId })) as Array<{
      action: string;
      before: unknown;
      after: unknown;
    }>;
    expect(audited).toEqual([
      expect.objectContaining({
        action: "payments.refund",
        via: "back-office",
        before: { status: "needs_refund", refundId: null },
        after: expect.objectContaining({ status: "refunded" }),
      }),
    ]);
  });

  it("[bulk-7] a double click on Refund now: each answer 200 or 409, one refund recorded, the ledger balanced", async () => {
    const charge = await doubledCharge();
    const answers = await Promise.all([
      admin.agent.post(`/api/admin/payments/${charge.paymentId}/refund`),
      admin.agent.post(`/api/admin/payments/${charge.paymentId}/refund`),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const { transactions, sum } = await ledgerOf(charge.jobId);
    expect(transactions.filter((t) => t.kind === "refund")).toHaveLength(1);
    expect(sum).toBe(0);
  });

  it("[bulk-8] Retry refund: a provider failure leaves it needs_refund with a clear error, the retry refunds it; bulk retry answers per payment", async () => {
    const [failing, other] = [await doubledCharge(), await doubledCharge()];
    const spy = vi.spyOn(server.services.payments, "refund").mockRejectedValueOnce(new Error("provider down"));
    const failed = await admin.agent.post(`/api/admin/payments/${failing.paymentId}/refund`);
    spy.mockRestore();
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe("REFUND_FAILED");
    const page = await admin.agent.get(`/api/admin/payments/${failing.paymentId}`).expect(200);
    expect(page.body).toMatchObject({ status: "needs_refund", can: { refund: true } });

    const bulk = await admin.agent
      .post("/api/admin/payments/bulk")
      .send({ action: "refund", ids: [failing.paymentId, other.paymentId, "not-a-payment"] })
      .expect(200);
    expect(bulk.body).toMatchObject({ succeeded: 2, failed: 1 });
    for (const charge of [failing, other]) {
      const { transactions, sum } = await ledgerOf(charge.jobId);
      expect(transactions.filter((t) => t.kind === "refund")).toHaveLength(1);
      expect(sum).toBe(0);
    }
  });
});

describe("lifecycle buttons and own account", () => {
  it("[bulk-9] the back office's lock, unlock and complete go through the portal's endpoints and policy, with its can/why", async () => {
    const job = await buildJob(poster);
    const shown = await admin.agent.get(`/api/admin/jobs/${job.id}`).expect(200);
    expect(shown.body.can).toMatchObject({ lock: true, unlock: false, complete: false });
    await admin.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    const locked = await admin.agent.get(`/api/admin/jobs/${job.id}`).expect(200);
    expect(locked.body.can).toMatchObject({ lock: false, unlock: true });
    await admin.agent.post(`/api/jobs/${job.id}/unlock`).expect(200);
    const refused = await admin.agent.post(`/api/jobs/${job.id}/complete`).expect(409);
    const again = await admin.agent.get(`/api/admin/jobs/${job.id}`).expect(200);
    expect(again.body.why.complete.code).toBe(refused.body.error.code);
  });

  it("[bulk-10] an admin cannot demote themself in one Save: refused with the reason, nothing changed", async () => {
    const refused = await admin.agent.put(`/api/admin/users/${admin.user.id}`).send({ userType: "client", firstName: "Renamed" }).expect(409);
    expect(refused.body.error).toMatchObject({ code: "CANNOT_DEMOTE_SELF", message: "You cannot change your own account type; ask another admin to do it." });
    const me = await admin.agent.get(`/api/admin/users/${admin.user.id}`).expect(200);
    expect(me.body).toMatchObject({ userType: "admin", disabled: false });
    expect(me.body.firstName).not.toBe("Renamed");
    await admin.agent.put(`/api/admin/users/${admin.user.id}`).send({ disabled: true }).expect(409);
    // Another admin may change them.
    const other = await buildAdmin(server);
    await other.agent.put(`/api/admin/users/${admin.user.id}`).send({ userType: "admin", firstName: "Kept" }).expect(200);
  });
});
